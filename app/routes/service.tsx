import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { bookingFormAction, bookingFormPageResponse } from "~/server/handlers/bookings/booking-forms";
import { FormPage } from "../components/forms/form-page";
import { formPageHeaders } from "../lib/forms/headers";
import { formPageMeta } from "../lib/page-meta";

const TITLE = "Book a Service";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return bookingFormPageResponse({ request, context, form: "service" });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return bookingFormAction({ request, context, form: "service", car: { from: "none" } });
}

export const headers = formPageHeaders;

export const meta: MetaFunction = ({ matches }) => formPageMeta(matches, TITLE);

export default function ServiceRoute() {
  const view = useLoaderData<typeof loader>();
  return <FormPage title={TITLE} intro="Tell us about your vehicle and when suits you, and we will confirm your booking." view={view} />;
}
