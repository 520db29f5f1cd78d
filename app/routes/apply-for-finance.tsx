import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { financeAction, financePage } from "../../server/leads-http/finance";
import { FormPage } from "../components/forms/form-page";
import { PreApprovalLink } from "../components/multi-step/entry-links";
import { formPageHeaders } from "../lib/forms/headers";

const ROUTE = "/apply-for-finance";

/** spec 000 §2: finance links carry preferredDealership, vehiclePriceBudget, car_id, car_type and #finance-form. */
export async function loader(args: LoaderFunctionArgs) {
  return financePage(args, ROUTE);
}

export async function action(args: ActionFunctionArgs) {
  return financeAction(args, ROUTE);
}

export const headers = formPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Finance" }];

export default function FinanceRoute() {
  const { view, title } = useLoaderData<typeof loader>();
  return <FormPage title={title} intro={
        <div className="space-y-3">
          <p>Tell us about your finance needs and our finance team will be in touch.</p>
          <p>
            Or apply step by step: <PreApprovalLink carId={view.car?.id} />
          </p>
        </div>
      } view={view} formId="finance-form" />;
}
