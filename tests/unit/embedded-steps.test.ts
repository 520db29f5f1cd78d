import { describe, expect, it } from "vitest";
import { compareStrings, ITEMS_PER_STEP, runSteps, sortInSteps } from "~/server/search/embedded/steps";

describe("sortInSteps (background index build)", () => {
  it("gives the same order as a stable Array sort, ties kept in their original order, over several runs", () => {
    // 3.5 runs of items with many equal keys: the merge must keep ties in input order.
    const items = Array.from({ length: Math.floor(ITEMS_PER_STEP * 3.5) }, (_, i) => ({ key: `k${(i * 7919) % 1000}`, i }));
    const compare = (a: { key: string }, b: { key: string }) => compareStrings(a.key, b.key);
    const expected = items.slice().sort(compare);
    expect(runSteps(sortInSteps(items, compare))).toEqual(expected);
  });

  it("yields between runs, so no step sorts more than one run", () => {
    const items = Array.from({ length: ITEMS_PER_STEP * 4 }, (_, i) => (i * 48271) % 65536);
    const steps = sortInSteps(items, (a, b) => a - b);
    let yields = 0;
    let result: number[] | undefined;
    for (;;) {
      const step = steps.next();
      if (step.done) {
        result = step.value;
        break;
      }
      yields += 1;
    }
    expect(yields).toBeGreaterThanOrEqual(4 + 2);
    expect(result).toEqual(items.slice().sort((a, b) => a - b));
  });

  it("sorts an empty list and a short one", () => {
    expect(runSteps(sortInSteps([], compareStrings))).toEqual([]);
    expect(runSteps(sortInSteps(["b", "a", "c"], compareStrings))).toEqual(["a", "b", "c"]);
  });
});
