import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "~/server/lib/zod";
import { ConfigError, formatConfigIssue } from "./config-error";
import { featuresSchema } from "./schema";

/**
 * spec 001 §6: site features switch by slug, template, dealership, group or manufacturer. A site's own
 * `features` (its site.json, one per slug) are laid over its dealership group's set, which is laid over
 * its manufacturer's (by `manufacturer_id`); the group and manufacturer sets live in
 * tenants/feature-sets.json, so a switch shared by a group or a brand is written once.
 */
export const FEATURE_SETS_FILE = "feature-sets.json";

type FeatureInput = Record<string, unknown>;
export type FeatureSets = { groups: Record<string, FeatureInput>; manufacturers: Record<string, FeatureInput> };

export const noFeatureSets: FeatureSets = { groups: {}, manufacturers: {} };

const knownFeatures = new Set(Object.keys(featuresSchema.unwrap().shape));

const featureSetSchema = z.record(z.string(), z.unknown()).superRefine((set, ctx) => {
  for (const key of Object.keys(set)) {
    if (!knownFeatures.has(key)) ctx.addIssue({ code: "custom", path: [key], message: `unknown feature "${key}"` });
  }
  const checked = featuresSchema.safeParse(set);
  if (!checked.success)
    for (const issue of checked.error.issues) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
});

const fileSchema = z
  .object({
    groups: z.record(z.string().min(1), featureSetSchema).default({}),
    manufacturers: z
      .record(z.string(), featureSetSchema)
      .superRefine((sets, ctx) => {
        for (const key of Object.keys(sets)) {
          if (!/^\d+$/.test(key)) ctx.addIssue({ code: "custom", path: [key], message: "expected a manufacturer_id (a number)" });
        }
      })
      .default({}),
  })
  .strict();

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Later sets win; the form switches merge one level deep, like a site's own. */
function laid(under: FeatureInput, over: FeatureInput): FeatureInput {
  const merged = { ...under, ...over };
  if (isRecord(under.form) && isRecord(over.form)) merged.form = { ...under.form, ...over.form };
  return merged;
}

/** The site.json's content with its manufacturer's and group's features under its own. */
export function withFeatureSets(raw: unknown, sets: FeatureSets): unknown {
  if (!isRecord(raw)) return raw;
  const own = raw.features === undefined ? {} : raw.features;
  // A features value of the wrong shape is left for the site schema to name.
  if (!isRecord(own)) return raw;
  const manufacturer = typeof raw.manufacturer_id === "number" ? sets.manufacturers[String(raw.manufacturer_id)] : undefined;
  const group = typeof raw.dealership_group === "string" ? sets.groups[raw.dealership_group] : undefined;
  return { ...raw, features: laid(laid(manufacturer ?? {}, group ?? {}), own) };
}

/** Parses a feature-sets file's text; throws ConfigError with the one-line message. */
export function parseFeatureSets(displayPath: string, text: string): FeatureSets {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : "invalid JSON";
    throw new ConfigError(`${displayPath}: (root): invalid JSON (${reason})`);
  }
  const result = fileSchema.safeParse(raw);
  if (!result.success) {
    const first = result.error.issues[0];
    throw new ConfigError(first ? formatConfigIssue(displayPath, first) : `${displayPath}: invalid`);
  }
  return result.data;
}

/** tenants/feature-sets.json when there is one; none is no sets. */
export function loadFeatureSets(root: string, displayPath: (file: string) => string): FeatureSets {
  const file = path.join(root, FEATURE_SETS_FILE);
  return existsSync(file) ? parseFeatureSets(displayPath(file), readFileSync(file, "utf8")) : noFeatureSets;
}
