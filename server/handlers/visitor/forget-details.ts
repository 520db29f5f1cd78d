import { redirect, type AppLoadContext } from "@remix-run/node";
import { commitVisitor, readVisitor } from "~/server/visitor/cookie";
import { forgetUserDetails } from "~/server/visitor/context";
import { clearStoredVehicle } from "~/server/handlers/multi-step";

/** Where to go back to: a path on this site only (never `//host` or a full URL). */
export function returnPath(value: FormDataEntryValue | null): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return "/";
  return value.slice(0, 2000);
}

/**
 * POST /forget-my-details: the name, email, phone and postcode kept to
 * pre-fill forms, the last enquiry's car and the visitor's saved vehicle (trade-in) are dropped; the visitor goes back to the page they were on (303), with or without JavaScript.
 */
export async function forgetDetails(request: Request, context: AppLoadContext): Promise<Response> {
  const form = await request.formData().catch(() => new FormData());
  const visitor = await readVisitor(request, context.services.cookies, Date.now(), context.newVisitorDeviceId);
  const headers = new Headers({ "Cache-Control": "no-store" });
  headers.append("Set-Cookie", await commitVisitor(forgetUserDetails(visitor), context.services.cookies));
  headers.append("Set-Cookie", await clearStoredVehicle(context.services.cookies));
  context.log.info("visitor details forgotten");
  return redirect(returnPath(form.get("return_to")), { status: 303, headers });
}
