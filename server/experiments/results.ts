/**
 * spec 001 §6 split-test results, from the event log: per variant, exposures (vehicle
 * page views in the test), the visitors exposed, their leads (conversions) and leads per exposed
 * visitor. A lead counts for a variant only when its visitor saw that variant's page first-hand.
 */
export type VariantResult = { variant: string; exposures: number; visitors: number; leads: number; conversionPercent: number | null };
export type ExperimentResult = { experiment: string; variants: VariantResult[] };

export type ExperimentEventRow = { anon_id: string | null; lead_id: string | null; properties: string | null };

function parsed(properties: string | null): Record<string, unknown> {
  if (!properties) return {};
  try {
    const value: unknown = JSON.parse(properties);
    return value !== null && typeof value === "object" ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The { experiment, variant } an exposure event carries, or null for any other event. */
export function exposureOf(properties: string | null): { experiment: string; variant: string } | null {
  const { experiment, variant } = parsed(properties);
  return typeof experiment === "string" && typeof variant === "string" ? { experiment, variant } : null;
}

export function experimentResults(rows: readonly ExperimentEventRow[]): ExperimentResult[] {
  const exposures = new Map<string, Map<string, { exposures: number; visitors: Set<string>; leads: Set<string> }>>();
  const slot = (experiment: string, variant: string) => {
    const variants = exposures.get(experiment) ?? new Map();
    exposures.set(experiment, variants);
    const found = variants.get(variant) ?? { exposures: 0, visitors: new Set<string>(), leads: new Set<string>() };
    variants.set(variant, found);
    return found;
  };
  for (const row of rows) {
    const exposure = exposureOf(row.properties);
    if (exposure === null || row.anon_id === null) continue;
    const counts = slot(exposure.experiment, exposure.variant);
    counts.exposures += 1;
    counts.visitors.add(row.anon_id);
  }
  for (const row of rows) {
    const tested = parsed(row.properties).experiments;
    if (row.lead_id === null || row.anon_id === null || tested === null || typeof tested !== "object") continue;
    for (const [experiment, variant] of Object.entries(tested as Record<string, unknown>)) {
      const counts = typeof variant === "string" ? exposures.get(experiment)?.get(variant) : undefined;
      if (counts?.visitors.has(row.anon_id)) counts.leads.add(row.lead_id);
    }
  }
  return [...exposures]
    .sort((a, b) => a[0].localeCompare(b[0]))
    .map(([experiment, variants]) => ({
      experiment,
      variants: [...variants]
        .sort((a, b) => a[0].localeCompare(b[0]))
        .map(([variant, c]) => ({
          variant,
          exposures: c.exposures,
          visitors: c.visitors.size,
          leads: c.leads.size,
          conversionPercent: c.visitors.size === 0 ? null : Math.round((c.leads.size / c.visitors.size) * 1000) / 10,
        })),
    }));
}
