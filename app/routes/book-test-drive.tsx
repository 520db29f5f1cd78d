import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { bookingFormAction, bookingFormPageResponse } from "~/server/handlers/bookings/booking-forms";
import { FormPage } from "../components/forms/form-page";
import { formPageHeaders } from "../lib/forms/headers";
import { formPageMeta } from "../lib/page-meta";

const TITLE = "Book a Test Drive";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return bookingFormPageResponse({ request, context, form: "test-drive" });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return bookingFormAction({ request, context, form: "test-drive", car: { from: "field" } });
}

export const headers = formPageHeaders;

export const meta: MetaFunction = ({ matches }) => formPageMeta(matches, TITLE);

export default function BookTestDriveRoute() {
  const view = useLoaderData<typeof loader>();
  return <FormPage title={TITLE} intro="Choose a location and, if you like, a preferred date." view={view} />;
}
