import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { TRADE_IN_FLOW } from "~/server/multi-step/flows";
import { flowStepAction } from "~/server/handlers/multi-step/step-action";
import { flowStepLoader } from "~/server/handlers/multi-step/step-page";
import { FlowPage } from "../components/multi-step/flow-page";
import { formPageHeaders } from "../lib/forms/headers";

/** The trade-in valuation ('Get Your Valuation', spec 001 §9) flow: one page per step (?step=n), state in a signed cookie (spec 001 §4). */
export async function loader(args: LoaderFunctionArgs) {
  return flowStepLoader(args, TRADE_IN_FLOW);
}

export async function action(args: ActionFunctionArgs) {
  return flowStepAction(args, TRADE_IN_FLOW);
}

export const headers = formPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.title}: ${data.stepTitle} (step ${data.step} of ${data.total})` : TRADE_IN_FLOW.title },
  { name: "robots", content: "noindex" },
];

export default function TradeInValuationRoute() {
  const view = useLoaderData<typeof loader>();
  return <FlowPage view={view} />;
}
