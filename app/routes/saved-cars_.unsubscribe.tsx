import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { UnsubscribePage } from "../components/garage/unsubscribe-page";
import { unsubscribeAction, unsubscribePage } from "~/server/handlers/garage/unsubscribe";

export const loader = ({ request, context }: LoaderFunctionArgs) => unsubscribePage(request, context);
export const action = ({ request, context }: ActionFunctionArgs) => unsubscribeAction(request, context);
export const meta: MetaFunction = () => [{ title: "Stop emails about a saved car" }, { name: "robots", content: "noindex" }];

/** The link in a price-drop or sold email. */
export default function UnsubscribeRoute() {
  return <UnsubscribePage heading="Stop emails about this car" button="Stop price-drop and sold emails" />;
}
