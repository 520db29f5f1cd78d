import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { leadFormAction } from "~/server/handlers/leads/form-action";
import { leadFormPageResponse } from "~/server/handlers/leads/form-page";
import { FormPage } from "../components/forms/form-page";
import { formPageHeaders } from "../lib/forms/headers";

const TITLE = "Book a Service";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return leadFormPageResponse({ request, context, kind: "service" });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return leadFormAction({ request, context, kind: "service" });
}

export const headers = formPageHeaders;

export const meta: MetaFunction = () => [{ title: TITLE }];

export default function ServiceRoute() {
  const view = useLoaderData<typeof loader>();
  return <FormPage title={TITLE} intro="Tell us about your vehicle and when suits you, and we will confirm your booking." view={view} />;
}
