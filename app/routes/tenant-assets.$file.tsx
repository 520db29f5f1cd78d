import type { LoaderFunctionArgs } from "@remix-run/node";
import { tenantAssetResponse } from "~/server/images/local-responses";

/** `/tenant-assets/<file>`: files from the requesting tenant's own `images/` folder. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  return tenantAssetResponse(context.tenant, params.file);
}
