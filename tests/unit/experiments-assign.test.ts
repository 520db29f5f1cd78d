import { describe, expect, it } from "vitest";
import { assignVariant, experimentProperties, vehicleButtonOrder } from "~/server/experiments/assign";
import { experimentSchema, type Experiment } from "~/server/tenants/schema";
import { newDeviceId } from "~/server/visitor/ids";

function experiment(weights: number[], name = "vehicle-buttons"): Experiment {
  return experimentSchema.parse({ name, variants: weights.map((weight, i) => ({ name: `v${i}`, weight })) });
}

const ids = Array.from({ length: 4000 }, () => newDeviceId());

describe("split-test assignment (spec 001 §6)", () => {
  it("is sticky: the same device id always gets the same variant", () => {
    const test = experiment([50, 50]);
    for (const id of ids.slice(0, 200)) {
      const first = assignVariant(test, id).name;
      for (let i = 0; i < 3; i++) expect(assignVariant(test, id).name).toBe(first);
    }
  });

  it("roughly respects the weights over many visitors", () => {
    const test = experiment([20, 80]);
    const seen = ids.filter((id) => assignVariant(test, id).name === "v0").length / ids.length;
    expect(seen).toBeGreaterThan(0.17);
    expect(seen).toBeLessThan(0.23);
  });

  it("never chooses a variant of weight 0", () => {
    const test = experiment([0, 1, 0]);
    expect(new Set(ids.map((id) => assignVariant(test, id).name))).toEqual(new Set(["v1"]));
  });

  it("assigns experiments independently of each other", () => {
    const a = experiment([50, 50], "a");
    const b = experiment([50, 50], "b");
    const same = ids.filter((id) => assignVariant(a, id).name === assignVariant(b, id).name).length / ids.length;
    expect(same).toBeGreaterThan(0.45);
    expect(same).toBeLessThan(0.55);
  });

  it("refuses an experiment whose weights are all 0 or whose variant names repeat", () => {
    const parses = (...variants: Array<{ name: string; weight: number }>) => experimentSchema.safeParse({ name: "x", variants }).success;
    expect(parses({ name: "a", weight: 0 }, { name: "b", weight: 0 })).toBe(false);
    expect(parses({ name: "a", weight: 1 }, { name: "a", weight: 1 })).toBe(false);
  });
});

describe("vehicle page button order by variant", () => {
  const siteOrder = ["enquire_now", "call_us_now", "book_test_drive"] as const;
  const swapped = ["enquire_now", "book_test_drive", "call_us_now"] as const;
  const site = {
    features: { vehicle_buttons: [...siteOrder] },
    experiments: [
      experimentSchema.parse({
        name: "vehicle-buttons",
        variants: [
          { name: "control", weight: 1 },
          { name: "swapped", weight: 1, vehicle_buttons: [...swapped] },
        ],
      }),
    ],
  } as unknown as Parameters<typeof vehicleButtonOrder>[0];

  it("gives each variant its order and names the exposure", () => {
    const control = ids.find((id) => vehicleButtonOrder(site, id).exposure?.variant === "control")!;
    const other = ids.find((id) => vehicleButtonOrder(site, id).exposure?.variant === "swapped")!;
    expect(vehicleButtonOrder(site, control)).toEqual({
      buttons: siteOrder,
      exposure: { experiment: "vehicle-buttons", variant: "control" },
    });
    expect(vehicleButtonOrder(site, other).buttons).toEqual(swapped);
    expect(experimentProperties(site, other)).toEqual({ experiments: { "vehicle-buttons": "swapped" } });
  });

  it("shows the site's order with no exposure to a visitor without a device id yet, and on sites without experiments", () => {
    expect(vehicleButtonOrder(site, null)).toEqual({ buttons: siteOrder, exposure: null });
    expect(vehicleButtonOrder({ ...site, experiments: [] }, ids[0]!)).toEqual({ buttons: siteOrder, exposure: null });
    expect(experimentProperties({ experiments: [] }, ids[0]!)).toEqual({});
  });
});
