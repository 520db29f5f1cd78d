import type { LoaderFunctionArgs } from "@remix-run/node";
import { vehicleAdsFeedResponse } from "~/server/handlers/seo/seo-files";

/** /feeds/vehicle-ads.xml: the requesting site's Google Vehicle Ads (Merchant Center) feed. */
export function loader({ context }: LoaderFunctionArgs) {
  return vehicleAdsFeedResponse(context);
}
