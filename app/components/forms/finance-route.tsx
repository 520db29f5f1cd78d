import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { financePage } from "~/server/handlers/leads/finance";
import { PreApprovalLink } from "../multi-step/entry-links";
import { FormPage } from "./form-page";
import { formPageMeta } from "../../lib/page-meta";

/**
 * The page of the three finance enquiry routes (spec 000 §2: /finance-enquiry for some dealers,
 * /apply-for-finance for a named group, otherwise /finance); each route file names its own path.
 */
type FinanceLoader = (args: LoaderFunctionArgs) => ReturnType<typeof financePage>;

export const financeMeta: MetaFunction<FinanceLoader> = ({ data, matches }) => formPageMeta(matches, data?.title ?? "Finance");

export function FinanceRoutePage() {
  const { view, title } = useLoaderData<FinanceLoader>();
  return (
    <FormPage
      title={title}
      intro={
        <div className="space-y-3">
          <p>Tell us about your finance needs and our finance team will be in touch.</p>
          <p>
            Or apply step by step: <PreApprovalLink carId={view.car?.id} />
          </p>
        </div>
      }
      view={view}
      formId="finance-form"
    />
  );
}
