import type { ActionFunctionArgs } from "@remix-run/node";
import { forgetDetails } from "~/server/handlers/visitor/forget-details";

/** A POST only: forgetting is a change, never done by a GET (a GET gets 405 from the loader). */
export const action = ({ request, context }: ActionFunctionArgs) => forgetDetails(request, context);

export const loader = () => new Response("Use the 'Forget my details' button on a form.", { status: 405, headers: { Allow: "POST" } });
