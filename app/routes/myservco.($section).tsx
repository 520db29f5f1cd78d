import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { garageAction } from "~/server/handlers/garage/garage-action";
import { garagePage } from "~/server/handlers/garage/garage-page";
import { GarageView } from "../components/garage/garage-view";

// spec 000 §2: the garage at /myservco and /myservco/saved, on the site whose features.garage_path names it.
export const loader = ({ request, context, params }: LoaderFunctionArgs) => garagePage(request, context, "/myservco", params.section);
export const action = ({ request, context }: ActionFunctionArgs) => garageAction(request, context, "/myservco");
export const meta: MetaFunction = () => [{ title: "My garage" }, { name: "robots", content: "noindex" }];
export default GarageView;
