import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { Logger } from "~/server/lib/logger";
import type { Tenant } from "~/server/tenants/load";
import { contentPageSchema, PAGE_SLUG, type ContentPage } from "./page-schema";

type Cached = { mtimeMs: number; page: ContentPage | null };

/** The file a page lives in; null for a slug that could escape tenants/<slug>/pages. */
export function contentPageFile(tenant: Tenant, slug: string): string | null {
  if (!PAGE_SLUG.test(slug)) return null;
  return path.join(tenant.dir, "pages", `${slug}.json`);
}

function parse(file: string, text: string, log: Logger): ContentPage | null {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    log.error(
      { file, reason: error instanceof Error ? error.message : "invalid JSON" },
      "content page is not valid JSON; treated as missing",
    );
    return null;
  }
  const result = contentPageSchema.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0];
    log.error({ file, path: issue?.path.join("."), reason: issue?.message }, "content page failed validation; treated as missing");
    return null;
  }
  return result.data;
}

/** A tenant's content pages (tenants/<slug>/pages/*.json), read from disk and kept parsed. */
export type ContentPages = {
  /**
   * The tenant's content page, or null when there is none. A broken file is logged and counts as
   * missing, so a bad edit shows a 404 instead of a 500.
   */
  load(tenant: Tenant, slug: string, log: Logger): ContentPage | null;
  /** Slugs of the tenant's content pages that load (broken files are logged and left out), in name order. */
  slugs(tenant: Tenant, log: Logger): string[];
};

/**
 * Built once at start (server/services.ts): parsed files are kept per process and checked against
 * the file's mtime, so an edited page shows without a restart.
 */
export function createContentPages(): ContentPages {
  const cache = new Map<string, Cached>();

  const load = (tenant: Tenant, slug: string, log: Logger): ContentPage | null => {
    const file = contentPageFile(tenant, slug);
    if (!file) return null;
    let mtimeMs: number;
    try {
      const stats = statSync(file);
      if (!stats.isFile()) return null;
      mtimeMs = stats.mtimeMs;
    } catch {
      return null;
    }
    const cached = cache.get(file);
    if (cached && cached.mtimeMs === mtimeMs) return cached.page;
    let page: ContentPage | null;
    try {
      page = parse(file, readFileSync(file, "utf8"), log);
    } catch (error) {
      log.error({ file, reason: error instanceof Error ? error.message : "unreadable" }, "content page unreadable; treated as missing");
      page = null;
    }
    cache.set(file, { mtimeMs, page });
    return page;
  };

  const slugs = (tenant: Tenant, log: Logger): string[] => {
    let names: string[];
    try {
      names = readdirSync(path.join(tenant.dir, "pages"));
    } catch {
      return [];
    }
    return names
      .filter((name) => name.endsWith(".json"))
      .map((name) => name.slice(0, -".json".length))
      .filter((slug) => PAGE_SLUG.test(slug) && load(tenant, slug, log) !== null)
      .sort();
  };

  return { load, slugs };
}
