/** Output format chosen from the Accept header (spec 001 §7: "format auto"). */
export type OutputFormat = "avif" | "webp" | "jpeg" | "png";
/** What the Accept header asks for; "original" keeps JPEG or PNG, decided once the source is decoded. */
export type RequestedFormat = "avif" | "webp" | "original";

/** Media types the client accepts with a non-zero q. */
function acceptedTypes(accept: string): Set<string> {
  const types = new Set<string>();
  for (const part of accept.split(",")) {
    const [type, ...parameters] = part.trim().toLowerCase().split(";");
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    if (type) types.add(type.trim());
  }
  return types;
}

/** AVIF if accepted, else WebP if accepted, else the original format. */
export function negotiateFormat(accept: string | null): RequestedFormat {
  const types = acceptedTypes(accept ?? "");
  if (types.has("image/avif")) return "avif";
  if (types.has("image/webp")) return "webp";
  return "original";
}

/** For "original": JPEG stays JPEG, PNG and SVG become PNG, anything else JPEG unless it has transparency. */
export function outputFormatFor(requested: RequestedFormat, sourceFormat: string | undefined, hasAlpha: boolean): OutputFormat {
  if (requested !== "original") return requested;
  if (sourceFormat === "jpeg") return "jpeg";
  if (sourceFormat === "png" || sourceFormat === "svg") return "png";
  return hasAlpha ? "png" : "jpeg";
}

export const formatContentType: Record<OutputFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpeg: "image/jpeg",
  png: "image/png",
};

export const formatExtension: Record<OutputFormat, string> = {
  avif: "avif",
  webp: "webp",
  jpeg: "jpg",
  png: "png",
};
