import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { carFromQuery } from "~/server/handlers/shared/car";
import { leadFormAction } from "~/server/handlers/leads/form-action";
import { leadFormPageResponse } from "~/server/handlers/leads/form-page";
import { FormPage } from "../components/forms/form-page";
import { formPageHeaders } from "../lib/forms/headers";
import { formPageMeta } from "../lib/page-meta";

const TITLE = "Find Me Something Similar";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return leadFormPageResponse({ request, context, kind: "find-similar", vehicle: await carFromQuery(request, context) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return leadFormAction({ request, context, kind: "find-similar", car: { from: "field" } });
}

export const headers = formPageHeaders;

export const meta: MetaFunction = ({ matches }) => formPageMeta(matches, TITLE);

export default function FindSimilarRoute() {
  const view = useLoaderData<typeof loader>();
  return <FormPage title={TITLE} intro="Tell us what you are looking for and we will find something similar for you." view={view} />;
}
