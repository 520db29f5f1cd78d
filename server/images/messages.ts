import { ALLOWED_CROP_HEIGHTS, ALLOWED_WIDTHS, MAX_QUALITY, MIN_QUALITY } from "./sizes";

/** Plain-text bodies of the optimiser's 400 answers, in one place. */
export const imageMessages = {
  missingUrl: "Missing url: expected /_image?url=<image>&w=<width>&q=<quality>.",
  badWidth: `Invalid w: expected one of ${ALLOWED_WIDTHS.join(", ")}.`,
  badQuality: `Invalid q: expected a whole number from ${MIN_QUALITY} to ${MAX_QUALITY}.`,
  badCrop: `Invalid crop: h (one of ${ALLOWED_CROP_HEIGHTS.join(", ")}) and fit (cover or contain) go together.`,
  sourceRejected: (reason: string) => `Image url not allowed: ${reason}.`,
} as const;

/** Reasons `resolveImageSource` gives for a refused url (shown after "Image url not allowed: "). */
export const rejectReasons = {
  empty: "empty url",
  unsafeCharacters: "the url contains backslashes, control characters or percent-encoding",
  protocolRelative: "protocol-relative urls are not accepted",
  unknownLocalPath: "local images must be /demo-images/<name>.svg or /tenant-assets/<file>",
  notHttp: "only https urls (or hosts this site lists with http://) are accepted",
  credentials: "urls with a user name or password are not accepted",
  hostNotListed: "the host is not in this site's image_hosts",
  unparseable: "not a valid url",
} as const;
