import { rejectReasons } from "~/server/images/messages";
import { resolveImageSource, type ImageSourceTenant } from "~/server/images/source";
import type { RowIssue } from "./feed-row";
import { rowMessages } from "./messages";

/** Photos dropped because their host is not in image_hosts: one report line per host, with the fix. */
export type PhotoHostIssue = { host: string; photos: number; rows: number; first_line: number; fix: string };

/** The exact change that allows a host: the site.json entry, or the flag for one run. */
export function photoHostFix(host: string, listed: readonly string[]): string {
  const hosts = JSON.stringify([...listed, host]);
  return `add it to site.json: "image_hosts": ${hosts} (or for this run only: --allow-image-host ${host})`;
}

/**
 * Issue 10 §9: a feed's photos must come from the tenant's image_hosts (the same rule the image
 * optimiser applies, so a kept photo is one the site can show). Others are dropped; the vehicle
 * stays. A host not listed is counted for `hosts` (reported once per host, with the fix); any other
 * reason (not https, odd characters) is a warning on the row.
 */
export function keepAllowedPhotos(
  photos: readonly string[],
  line: number,
  tenant: ImageSourceTenant,
  hosts: Map<string, PhotoHostIssue>,
): { photos: string[]; warning: RowIssue | null } {
  const kept: string[] = [];
  const reasons = new Map<string, Set<string>>();
  const rowHosts = new Set<string>();
  let droppedOther = 0;
  // Hosts (or origins) whose photos this row lost, so a host's row count counts each row once.
  for (const url of photos) {
    const source = resolveImageSource(url, tenant);
    if (source.kind !== "rejected") {
      kept.push(source.kind === "remote" ? source.url : url);
      continue;
    }
    const host = hostOf(url);
    const entry = hostEntryFor(url);
    if (source.reason === rejectReasons.hostNotListed && entry !== null) {
      const issue = hosts.get(entry) ?? {
        host: entry,
        photos: 0,
        rows: 0,
        first_line: line,
        fix: photoHostFix(entry, tenant.site.image_hosts),
      };
      hosts.set(entry, issue);
      issue.photos++;
      if (!rowHosts.has(entry)) issue.rows++;
      rowHosts.add(entry);
      continue;
    }
    droppedOther++;
    const described = reasons.get(source.reason) ?? new Set<string>();
    reasons.set(source.reason, described);
    if (host) described.add(host);
  }
  if (droppedOther === 0) return { photos: kept, warning: null };
  const described = [...reasons].map(([reason, set]) => (set.size > 0 ? `${reason} (${[...set].slice(0, 3).join(", ")})` : reason));
  return { photos: kept, warning: { line, message: rowMessages.photosDropped(droppedOther, photos.length, described) } };
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).host || null;
  } catch {
    return null;
  }
}

/** The image_hosts entry that would allow this photo: the bare host for https on its default port, else the origin. */
function hostEntryFor(url: string): string | null {
  try {
    const parsed = new URL(url);
    if (parsed.host === "") return null;
    return parsed.protocol === "https:" && parsed.port === "" ? parsed.hostname : parsed.origin;
  } catch {
    return null;
  }
}
