import { readdirSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";
import { siteSchema, type Site } from "./schema";
import { ConfigError, formatConfigIssue } from "./config-error";
import { loadHomeFiles, type HomeFiles } from "./home-files";
import { loadFeatureSets, noFeatureSets, withFeatureSets, type FeatureSets } from "./feature-sets";

export type Tenant = {
  slug: string;
  site: Site;
  /** Absolute folder of the tenant: site.json, stock.json, images. */
  dir: string;
  /** promos.json and reviews.json; absent in tests that build a tenant by hand. */
  home?: HomeFiles;
};

export function tenantsRoot(): string {
  return path.resolve(process.env.TENANTS_DIR ?? "tenants");
}

/**
 * Parse one site.json text, its group's and manufacturer's feature sets under its own features;
 * throws ConfigError with the one-line message.
 */
export function parseSiteFile(displayPath: string, text: string, folderSlug?: string, featureSets: FeatureSets = noFeatureSets): Site {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : "invalid JSON";
    throw new ConfigError(`${displayPath}: (root): invalid JSON (${reason})`);
  }
  const result = siteSchema.safeParse(withFeatureSets(raw, featureSets));
  if (!result.success) {
    const first = result.error.issues[0];
    throw new ConfigError(first ? formatConfigIssue(displayPath, first) : `${displayPath}: invalid`);
  }
  if (folderSlug !== undefined && result.data.slug !== folderSlug) {
    throw new ConfigError(`${displayPath}: slug: expected "${folderSlug}" (the folder name)`);
  }
  return result.data;
}

/** A file as a message names it: relative to the working folder when inside it. */
export function displayPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative.startsWith("..") ? file : relative;
}

/** Load and validate every tenants/<slug>/site.json. Throws ConfigError on the first bad file. */
export function loadTenants(root = tenantsRoot()): Tenant[] {
  if (!existsSync(root)) throw new ConfigError(`${root}: (root): tenants folder not found`);
  const slugs = readdirSync(root, { withFileTypes: true })
    // dot-folders (.git, editor state) are not tenants; every other folder is one
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith("."))
    .map((entry) => entry.name)
    .sort();
  for (const slug of slugs) {
    // A folder without site.json used to be skipped silently and its site was just missing
    const file = path.join(root, slug, "site.json");
    if (!existsSync(file))
      throw new ConfigError(`${displayPath(file)}: (root): file not found (every folder in the tenants folder is a tenant)`);
  }
  if (slugs.length === 0) throw new ConfigError(`${root}: (root): no tenants/<slug>/site.json found`);

  const featureSets = loadFeatureSets(root, displayPath);
  const tenants: Tenant[] = [];
  const domainOwner = new Map<string, string>();
  for (const slug of slugs) {
    const file = path.join(root, slug, "site.json");
    const display = displayPath(file);
    const site = parseSiteFile(display, readFileSync(file, "utf8"), slug, featureSets);
    site.domains.forEach((domain, index) => {
      const key = domain.toLowerCase();
      const owner = domainOwner.get(key);
      if (owner) throw new ConfigError(`${display}: domains[${index}]: "${domain}" is already used by tenant ${owner}`);
      domainOwner.set(key, slug);
    });
    const dir = path.dirname(file);
    tenants.push({ slug, site, dir, home: loadHomeFiles(dir, displayPath) });
  }
  return tenants;
}
