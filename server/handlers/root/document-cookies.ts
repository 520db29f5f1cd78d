import type { AppLoadContext } from "@remix-run/node";
import { commitVisitor, readDeviceId } from "~/server/visitor/cookie";
import { newVisitor } from "~/server/visitor/context";

/**
 * The visitor cookie a private page sets on a first visit, so the device id this request's loaders
 * used (the vehicle page's split test, RequestContext.newVisitorDeviceId) is the one the visitor
 * keeps. Null when the visitor already has one: the page changes nothing in it (the visit beacon
 * records the visit), so nothing is re-signed or re-sent. A page a shared cache may keep never calls
 * this: it must not carry a cookie.
 */
export async function firstVisitCookie(request: Request, context: AppLoadContext, now = Date.now()): Promise<string | null> {
  if ((await readDeviceId(request, context.services.cookies)) !== null) return null;
  return commitVisitor(newVisitor(now, context.newVisitorDeviceId), context.services.cookies);
}
