import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { garageAction } from "~/server/handlers/garage/garage-action";
import { garagePage } from "~/server/handlers/garage/garage-page";
import { GarageView } from "../components/garage/garage-view";

// spec 000 §2: /my-garage?tab=saved-cars, on sites with garage_enabled only.
export const loader = ({ request, context }: LoaderFunctionArgs) => garagePage(request, context, "/my-garage");
export const action = ({ request, context }: ActionFunctionArgs) => garageAction(request, context, "/my-garage");
export const meta: MetaFunction = () => [{ title: "My garage" }, { name: "robots", content: "noindex" }];
export default GarageView;
