import { resolveImageSource, type ImageSourceTenant } from "~/server/images/source";
import type { RowIssue } from "./feed-row";
import { rowMessages } from "./messages";

/**
 * Issue 10 §9: a feed's photos must come from the tenant's image_hosts (the same rule the image
 * optimiser applies, so a kept photo is one the site can show). Others are dropped with a report
 * line naming why; the vehicle stays.
 */
export function keepAllowedPhotos(
  photos: readonly string[],
  line: number,
  tenant: ImageSourceTenant,
): { photos: string[]; warning: RowIssue | null } {
  const kept: string[] = [];
  const reasons = new Map<string, Set<string>>();
  for (const url of photos) {
    const source = resolveImageSource(url, tenant);
    if (source.kind !== "rejected") {
      kept.push(source.kind === "remote" ? source.url : url);
      continue;
    }
    const hosts = reasons.get(source.reason) ?? new Set<string>();
    reasons.set(source.reason, hosts);
    const host = hostOf(url);
    if (host) hosts.add(host);
  }
  if (kept.length === photos.length) return { photos: kept, warning: null };
  const described = [...reasons].map(([reason, hosts]) => (hosts.size > 0 ? `${reason} (${[...hosts].slice(0, 3).join(", ")})` : reason));
  return { photos: kept, warning: { line, message: rowMessages.photosDropped(photos.length - kept.length, photos.length, described) } };
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).host || null;
  } catch {
    return null;
  }
}
