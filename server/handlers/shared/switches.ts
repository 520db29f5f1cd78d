import type { AppLoadContext } from "@remix-run/node";

/** spec 001 §7: the /mock lead paths exist only while MOCK_LEADS is set; otherwise they are plain 404s. */
export function mockLeadsEnabled(context: AppLoadContext): boolean {
  return context.services.env.MOCK_LEADS;
}
