import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { contactLocations } from "~/server/content/location-view";
import { leadFormAction } from "~/server/handlers/leads/form-action";
import { leadFormPage } from "~/server/handlers/leads/form-page";
import { pageExtras } from "~/server/handlers/seo/page-extras";
import { ContactLocations } from "../components/content/contact-locations";
import { JsonLdScript } from "../components/seo/json-ld-script";
import { FormPage } from "../components/forms/form-page";
import { formPageHeaders } from "../lib/forms/headers";
import { formPageMeta } from "../lib/page-meta";

const TITLE = "Contact Us";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const view = await leadFormPage({ request, context, kind: "general" });
  return json(
    { view, locations: contactLocations(context.tenant.site), ...pageExtras(context) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  return leadFormAction({ request, context, kind: "general" });
}

export const headers = formPageHeaders;

export const meta: MetaFunction = ({ matches }) => formPageMeta(matches, TITLE);

export default function ContactRoute() {
  const { view, locations } = useLoaderData<typeof loader>();
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <FormPage title={TITLE} intro="Send us a message and our team will get back to you." view={view} />
      <ContactLocations locations={locations} />
      <JsonLdScript testId="dealer-json-ld" />
    </div>
  );
}
