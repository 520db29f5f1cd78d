import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { leadFormAction } from "~/server/handlers/leads/form-action";
import { leadFormPageResponse } from "~/server/handlers/leads/form-page";
import { FormPage } from "../components/forms/form-page";
import { formPageHeaders } from "../lib/forms/headers";
import { formPageMeta } from "../lib/page-meta";
import { SiteLink } from "~/app/components/site-link";

const TITLE = "Sell My Car";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return leadFormPageResponse({ request, context, kind: "sell-my-car" });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return leadFormAction({ request, context, kind: "sell-my-car" });
}

export const headers = formPageHeaders;

export const meta: MetaFunction = ({ matches }) => formPageMeta(matches, TITLE);

export default function SellMyCarRoute() {
  const view = useLoaderData<typeof loader>();
  return (
    <FormPage
      title={TITLE}
      intro={
        <p>
          Tell us about the vehicle you would like to sell, or{" "}
          <SiteLink className="font-semibold underline" href="/sell-my-car/steps" data-testid="sell-steps-link">
            describe it step by step with photos
          </SiteLink>
          .
        </p>
      }
      view={view}
    />
  );
}
