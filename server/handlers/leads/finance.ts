import { json, redirect, type AppLoadContext } from "@remix-run/node";
import type { Features } from "~/server/tenants/schema";
import { carFromQuery } from "~/server/handlers/shared/car";
import { leadFormAction } from "./form-action";
import { leadFormPage } from "./form-page";
import { REQUEST_MESSAGES } from "~/server/lib/request-messages";

export type FinanceRoute = Features["finance_route"];

// spec 000 §2 finance links: the tenant's finance route with these query keys.
const QUERY_KEYS = ["preferredDealership", "vehiclePriceBudget"] as const;
const CAR_TYPES: readonly string[] = ["new", "used", "demo"];
// The hidden fields' own limit (forms.ts hidden(): 200), so a long query never fails validation.
const HIDDEN_MAX = 200;

export const FINANCE_TITLES: Record<FinanceRoute, string> = {
  "/finance": "Finance",
  "/finance-enquiry": "Finance Enquiry",
  "/apply-for-finance": "Apply for Finance",
};

type Args = { request: Request; context: AppLoadContext };

/**
 * Each tenant has one finance route (features.finance_route). A GET on another one is sent to the
 * tenant's own with the same query (old links keep working); a POST there is a 404.
 */
export async function financePage({ request, context }: Args, route: FinanceRoute) {
  const own = context.tenant.site.features.finance_route;
  const url = new URL(request.url);
  if (own !== route) throw redirect(`${own}${url.search}`, 302);
  const vehicle = await carFromQuery(request, context);
  const hidden: Record<string, string> = {};
  for (const key of QUERY_KEYS) {
    const value = url.searchParams.get(key);
    if (value) hidden[key] = value.slice(0, HIDDEN_MAX);
  }
  const carType = url.searchParams.get("car_type");
  if (!vehicle && carType && CAR_TYPES.includes(carType)) hidden.car_type = carType;
  const view = await leadFormPage({ request, context, kind: "finance", vehicle, hidden, lastEnquiryCar: true });
  return json({ view, title: FINANCE_TITLES[route] }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function financeAction({ request, context }: Args, route: FinanceRoute) {
  if (context.tenant.site.features.finance_route !== route) throw json(REQUEST_MESSAGES.notFound, { status: 404 });
  return leadFormAction({ request, context, kind: "finance", car: { from: "field" } });
}
