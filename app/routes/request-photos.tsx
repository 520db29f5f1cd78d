import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { carFromQuery } from "~/server/handlers/shared/car";
import { leadFormAction } from "~/server/handlers/leads/form-action";
import { leadFormPageResponse } from "~/server/handlers/leads/form-page";
import { FormPage } from "../components/forms/form-page";
import { formPageHeaders } from "../lib/forms/headers";
import { formPageMeta } from "../lib/page-meta";

const TITLE = "Request Photos";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return leadFormPageResponse({ request, context, kind: "request-photos", vehicle: await carFromQuery(request, context) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return leadFormAction({ request, context, kind: "request-photos", car: { from: "field" } });
}

export const headers = formPageHeaders;

export const meta: MetaFunction = ({ matches }) => formPageMeta(matches, TITLE);

export default function RequestPhotosRoute() {
  const view = useLoaderData<typeof loader>();
  return <FormPage title={TITLE} intro="Ask us for photos of this vehicle and we will send them to you." view={view} />;
}
