import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { leadFormAction } from "~/server/handlers/leads/form-action";
import { leadFormPageResponse } from "~/server/handlers/leads/form-page";
import { FormPage } from "../components/forms/form-page";
import { formPageHeaders } from "../lib/forms/headers";
import { formPageMeta } from "../lib/page-meta";

const TITLE = "Careers";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return leadFormPageResponse({ request, context, kind: "careers" });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return leadFormAction({ request, context, kind: "careers" });
}

export const headers = formPageHeaders;

export const meta: MetaFunction = ({ matches }) => formPageMeta(matches, TITLE);

export default function CareersRoute() {
  const view = useLoaderData<typeof loader>();
  return <FormPage title={TITLE} intro="Interested in joining our team? Tell us about yourself." view={view} />;
}
