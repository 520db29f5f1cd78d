import { describe, expect, it } from "vitest";
import { inBackground } from "~/server/garage/alerts";
import type { Tenant } from "~/server/tenants/load";

// An import answers without waiting for its alerts; a burst of imports for one tenant
// runs the alerts at most twice (the run in flight and one more that sees the later changes).

const tenant = (slug: string) => ({ slug }) as Tenant;

function deferredRuns() {
  const calls: string[] = [];
  const finishers: Array<() => void> = [];
  const run = (t: Tenant) =>
    new Promise<void>((resolve) => {
      calls.push(t.slug);
      finishers.push(resolve);
    });
  return { calls, finishers, run };
}

describe("alerts in the background", () => {
  it("returns before the alerts have finished", async () => {
    const { calls, finishers, run } = deferredRuns();
    const alerts = inBackground(run);
    await alerts.afterImport(tenant("harbourside"));
    expect(calls).toEqual(["harbourside"]);
    let idle = false;
    const waiting = alerts.idle().then(() => (idle = true));
    await Promise.resolve();
    expect(idle).toBe(false);
    finishers[0]!();
    await waiting;
    expect(idle).toBe(true);
  });

  it("queues one more run per tenant while one is in flight, and runs tenants side by side", async () => {
    const { calls, finishers, run } = deferredRuns();
    const alerts = inBackground(run);
    await alerts.afterImport(tenant("harbourside"));
    await alerts.afterImport(tenant("harbourside"));
    await alerts.afterImport(tenant("harbourside"));
    await alerts.afterImport(tenant("lakeside-auto"));
    expect(calls).toEqual(["harbourside", "lakeside-auto"]);
    finishers[0]!();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toEqual(["harbourside", "lakeside-auto", "harbourside"]);
    finishers[1]!();
    finishers[2]!();
    await alerts.idle();
    expect(calls).toHaveLength(3);
  });
});
