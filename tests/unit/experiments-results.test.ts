import { describe, expect, it } from "vitest";
import { experimentResults } from "~/server/experiments/results";

const exposure = (anon: string, variant: string) => ({
  anon_id: anon,
  lead_id: null,
  properties: JSON.stringify({ experiment: "buttons", variant }),
});
const lead = (anon: string, id: string, variant: string) => ({
  anon_id: anon,
  lead_id: id,
  properties: JSON.stringify({ event_action: "General Enquiry", experiments: { buttons: variant } }),
});

describe("split-test results by variant (spec 001 §6)", () => {
  it("counts exposures, exposed visitors, their leads and leads per visitor", () => {
    const rows = [
      exposure("a", "control"),
      exposure("a", "control"),
      exposure("b", "control"),
      exposure("c", "swapped"),
      lead("a", "L1", "control"),
    ];
    expect(experimentResults(rows)).toEqual([
      {
        experiment: "buttons",
        variants: [
          { variant: "control", exposures: 3, visitors: 2, leads: 1, conversionPercent: 50 },
          { variant: "swapped", exposures: 1, visitors: 1, leads: 0, conversionPercent: 0 },
        ],
      },
    ]);
  });

  it("leaves out leads of visitors never shown the variant, and unreadable properties", () => {
    const rows = [exposure("a", "control"), lead("z", "L2", "control"), { anon_id: "a", lead_id: "L3", properties: "{not json" }];
    expect(experimentResults(rows)[0]!.variants[0]).toMatchObject({ leads: 0, conversionPercent: 0 });
    expect(experimentResults([])).toEqual([]);
  });
});
