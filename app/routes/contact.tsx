import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { leadFormAction } from "~/server/handlers/leads/form-action";
import { leadFormPageResponse } from "~/server/handlers/leads/form-page";
import { FormPage } from "../components/forms/form-page";
import { formPageHeaders } from "../lib/forms/headers";

const TITLE = "Contact Us";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return leadFormPageResponse({ request, context, kind: "general" });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return leadFormAction({ request, context, kind: "general" });
}

export const headers = formPageHeaders;

export const meta: MetaFunction = () => [{ title: TITLE }];

export default function ContactRoute() {
  const view = useLoaderData<typeof loader>();
  return <FormPage title={TITLE} intro="Send us a message and our team will get back to you." view={view} />;
}
