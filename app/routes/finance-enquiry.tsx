import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { financeAction, financePage } from "~/server/handlers/leads/finance";
import { FinanceRoutePage, financeMeta } from "../components/forms/finance-route";
import { formPageHeaders } from "../lib/forms/headers";

// spec 000 §2: finance links carry preferredDealership, vehiclePriceBudget, car_id, car_type and #finance-form.
export const loader = (args: LoaderFunctionArgs) => financePage(args, "/finance-enquiry");
export const action = (args: ActionFunctionArgs) => financeAction(args, "/finance-enquiry");
export const headers = formPageHeaders;
export const meta = financeMeta;
export default FinanceRoutePage;
