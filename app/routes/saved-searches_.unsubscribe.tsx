import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { UnsubscribePage } from "../components/garage/unsubscribe-page";
import { searchUnsubscribeAction, searchUnsubscribePage } from "~/server/handlers/garage/search-unsubscribe";

export const loader = ({ request, context }: LoaderFunctionArgs) => searchUnsubscribePage(request, context);
export const action = ({ request, context }: ActionFunctionArgs) => searchUnsubscribeAction(request, context);
export const meta: MetaFunction = () => [{ title: "Stop emails about a saved search" }, { name: "robots", content: "noindex" }];

/** The link in a saved search's daily email. */
export default function SearchUnsubscribeRoute() {
  return <UnsubscribePage heading="Stop emails about this search" button="Stop the daily email for this search" />;
}
