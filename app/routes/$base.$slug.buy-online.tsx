import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ReserveDialog } from "../components/reserve/reserve-dialog";
import { ReserveError } from "../components/reserve/reserve-error";
import { reservePage, reserveSubmit } from "~/server/handlers/reserve/reserve-route";
import { formPageHeaders } from "../lib/forms/headers";

/**
 * /{base}/{slug}/buy-online: reserve or buy online (spec 000 §2) as a dialog over the vehicle page. Each
 * site answers on one spelling (features.buy_online); a GET on the other is redirected (301).
 */
export async function loader(args: LoaderFunctionArgs) {
  return reservePage(args, "buy-online");
}

export async function action(args: ActionFunctionArgs) {
  return reserveSubmit(args, "buy-online");
}

export const headers = formPageHeaders;

export default function ReserveBuyOnlineDialog() {
  const { view, reserve, stripeElement } = useLoaderData<typeof loader>();
  return <ReserveDialog reserve={reserve} view={view} stripeElement={stripeElement} />;
}

export const ErrorBoundary = ReserveError;
