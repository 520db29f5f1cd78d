import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiAuth } from "~/server/handlers/garage/api-auth";

/** GET /api/auth (spec 000 §7): the session check, `{"user", "watchlist"}`. */
export const loader = ({ request, context }: LoaderFunctionArgs) => apiAuth(request, context);
