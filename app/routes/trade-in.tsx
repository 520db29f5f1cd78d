import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { leadFormAction } from "~/server/handlers/leads/form-action";
import { leadFormPageResponse } from "~/server/handlers/leads/form-page";
import { FormPage } from "../components/forms/form-page";
import { ValuationLink } from "../components/multi-step/entry-links";
import { formPageHeaders } from "../lib/forms/headers";
import { formPageMeta } from "../lib/page-meta";

const TITLE = "Trade-In Valuation";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return leadFormPageResponse({ request, context, kind: "trade-in" });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return leadFormAction({ request, context, kind: "trade-in" });
}

export const headers = formPageHeaders;

export const meta: MetaFunction = ({ matches }) => formPageMeta(matches, TITLE);

export default function TradeInRoute() {
  const view = useLoaderData<typeof loader>();
  return (
    <FormPage
      title={TITLE}
      intro={
        <div className="space-y-3">
          <p>Tell us about the vehicle you would like to trade in.</p>
          <p>
            Or value it step by step, with photos: <ValuationLink carId={view.car?.id} />
          </p>
        </div>
      }
      view={view}
    />
  );
}
