import { createHash } from "node:crypto";
import type { Experiment, Site, VehicleButton } from "~/server/tenants/schema";

export type Assignment = { experiment: string; variant: string };

/**
 * spec 001 §6 split testing: the variant a visitor sees, from the opaque device id and the experiment
 * name alone — the same answer on every request and every instance (sticky without JavaScript or
 * stored state), independent between experiments. A variant's share is its weight over the total;
 * a weight of 0 is never chosen.
 */
export function assignVariant(experiment: Experiment, deviceId: string): Experiment["variants"][number] {
  const total = experiment.variants.reduce((sum, v) => sum + v.weight, 0);
  const digest = createHash("sha256").update(`${experiment.name}\u0000${deviceId}`).digest();
  let bucket = digest.readUInt32BE(0) % total;
  for (const variant of experiment.variants) {
    if (bucket < variant.weight) return variant;
    bucket -= variant.weight;
  }
  // Unreachable: bucket < total, the sum of the weights (the schema requires one above 0).
  throw new Error(`no variant for ${experiment.name}`);
}

/** Every experiment of the site with this visitor's variant, in site.json order. */
export function assignments(site: Pick<Site, "experiments">, deviceId: string): Assignment[] {
  return site.experiments.map((experiment) => ({ experiment: experiment.name, variant: assignVariant(experiment, deviceId).name }));
}

/** The lead event's properties (conversion): { experiment name: variant }, or nothing when none run. */
export function experimentProperties(site: Pick<Site, "experiments">, deviceId: string): { experiments?: Record<string, string> } {
  const list = assignments(site, deviceId);
  return list.length === 0 ? {} : { experiments: Object.fromEntries(list.map((a) => [a.experiment, a.variant])) };
}

/**
 * The vehicle page's button order for this visitor: the first experiment whose variant changes it, with
 * that assignment (the exposure to record); the site's own order and no exposure otherwise.
 */
export function vehicleButtonOrder(
  site: Pick<Site, "experiments" | "features">,
  deviceId: string | null,
): { buttons: VehicleButton[]; exposure: Assignment | null } {
  if (deviceId !== null) {
    for (const experiment of site.experiments) {
      if (!experiment.variants.some((v) => v.vehicle_buttons !== null)) continue;
      const variant = assignVariant(experiment, deviceId);
      return {
        buttons: variant.vehicle_buttons ?? site.features.vehicle_buttons,
        exposure: { experiment: experiment.name, variant: variant.name },
      };
    }
  }
  return { buttons: site.features.vehicle_buttons, exposure: null };
}
