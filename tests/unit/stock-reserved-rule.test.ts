import { describe, expect, it } from "vitest";
import { reservedAfterImport } from "~/server/stock-feed/reserved-rule";
import { HEADER, planCsv, row } from "~/tests/fixtures/feeds/feed-tenant";

const rule = (input: Partial<Parameters<typeof reservedAfterImport>[0]>) =>
  reservedAfterImport({ existing: false, feed: undefined, heldByDeposit: false, sold: false, ...input });

describe("reserved after a stock import", () => {
  it("keeps a deposit's reservation whatever the feed says, until the car is sold", () => {
    expect(rule({ existing: true, heldByDeposit: true })).toBe(true);
    expect(rule({ existing: true, heldByDeposit: true, feed: false })).toBe(true);
    expect(rule({ existing: true, heldByDeposit: true, sold: true })).toBe(false);
  });

  it("follows the dealer's own word when no deposit holds the car", () => {
    expect(rule({ existing: false, feed: true })).toBe(true);
    expect(rule({ existing: true, feed: false })).toBe(false);
    // A feed without the field (every CSV feed) keeps what the car had.
    expect(rule({ existing: true })).toBe(true);
    expect(rule({ existing: false })).toBe(false);
  });

  it("is applied by the import's diff: a CSV update keeps a reserved car reserved, selling it ends the reservation", () => {
    const first = planCsv([HEADER, row("R1"), row("R2")], []);
    const current = first.writes.map((vehicle) => ({ ...vehicle, reserved: vehicle.stocknum === "R1" }));
    const held = new Set([current[0]!.id]);
    const repriced = planCsv([HEADER, row("R1", { price: "24990" }), row("R2")], current, { heldByDeposit: held });
    expect(repriced.writes.find((v) => v.stocknum === "R1")).toMatchObject({ reserved: true, price: 24990 });
    // One of two cars sold is over the 30% an import may take away at once: forced, as the dealer would.
    const sold = planCsv([HEADER, row("R1", { status: "sold" }), row("R2")], current, { heldByDeposit: held, force: true });
    expect(sold.writes.find((v) => v.stocknum === "R1")).toMatchObject({ reserved: false, status: "sold" });
  });
});
