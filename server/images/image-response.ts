import type { Logger } from "~/server/lib/logger";
import type { Tenant } from "~/server/tenants/load";
import { formatContentType, negotiateFormat } from "./format";
import { IMMUTABLE_CACHE, PLACEHOLDER_CACHE } from "./headers";
import { imageMessages } from "./messages";
import { optimiseImage } from "./optimise";
import { parseImageParams } from "./params";
import { resolveImageSource } from "./source";

function badRequest(message: string): Response {
  return new Response(message, {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" },
  });
}

/**
 * `/_image?url=…&w=…&q=…` (spec 001 §7, §9): 400 for a bad width, quality or source (never fetched),
 * otherwise an image in the Accept-negotiated format, or the placeholder when the source is broken.
 */
export async function imageResponse(
  request: Request,
  context: { tenant: Tenant; log: Logger; services: { env: { DATA_DIR: string } } },
): Promise<Response> {
  const parsed = parseImageParams(new URL(request.url).searchParams);
  if (!parsed.ok) return badRequest(parsed.message);
  const { url, width, quality, crop } = parsed.params;

  const source = resolveImageSource(url, context.tenant);
  if (source.kind === "rejected") {
    context.log.info({ url, reason: source.reason }, "image url rejected");
    return badRequest(imageMessages.sourceRejected(source.reason));
  }

  const result = await optimiseImage({
    source,
    width,
    quality,
    crop,
    format: negotiateFormat(request.headers.get("accept")),
    tenantSlug: context.tenant.slug,
    dataDir: context.services.env.DATA_DIR,
    log: context.log,
  });
  return new Response(new Uint8Array(result.image.bytes), {
    status: 200,
    headers: {
      "Content-Type": formatContentType[result.image.format],
      "Cache-Control": result.kind === "image" ? IMMUTABLE_CACHE : PLACEHOLDER_CACHE,
      Vary: "Accept",
      "X-Content-Type-Options": "nosniff",
      "X-Image-Cache": result.kind === "image" ? result.cache : "placeholder",
    },
  });
}
