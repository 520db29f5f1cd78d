import { describe, expect, it, vi } from "vitest";
import { INSIGHTS_TOKEN_COOKIE, createInsights, ensureUserToken, readUserToken, userTokenCookie } from "~/app/lib/search-insights";

describe("insights user token cookie (spec 001 §9: 180 days)", () => {
  it("lasts 180 days", () => {
    const cookie = userTokenCookie("anonymous-abc12345", true);
    // 15552000000 ms = 180 days, as Max-Age seconds.
    expect(cookie).toContain("Max-Age=15552000;");
    expect(15552000 / 86400).toBe(180);
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toMatch(/; Secure$/);
    expect(userTokenCookie("anonymous-abc12345", false)).not.toContain("Secure");
  });

  it("keeps the visitor's token and makes one when there is none", () => {
    const doc = { cookie: `other=1; ${INSIGHTS_TOKEN_COOKIE}=anonymous-keepme123` };
    expect(ensureUserToken(doc, false, () => "new1234567")).toBe("anonymous-keepme123");
    const fresh = { cookie: "other=1" };
    expect(ensureUserToken(fresh, false, () => "new1234567")).toBe("anonymous-new1234567");
    expect(fresh.cookie).toContain(`${INSIGHTS_TOKEN_COOKIE}=anonymous-new1234567`);
    // A forged value is not trusted.
    expect(readUserToken(`${INSIGHTS_TOKEN_COOKIE}=<script>`)).toBeNull();
  });
});

describe("insights to the first-party event log (spec 001 §8)", () => {
  it("fails with the spec's message when the sender cannot load, and retries next time", async () => {
    const sender = vi.fn(() => true);
    const load = vi.fn().mockRejectedValueOnce(new Error("chunk failed")).mockResolvedValue(sender);
    const insights = createInsights(load, () => "anonymous-tok12345");
    await expect(insights.send({ kind: "click", objectId: "car-1", position: 2 })).rejects.toThrow(
      "could not load search-insights.js. Please load it manually",
    );
    await expect(insights.send({ kind: "click", objectId: "car-1", position: 2 })).resolves.toBe(true);
    // Search event id 29 (spec 001 §9), with what was clicked and the token.
    expect(sender).toHaveBeenCalledWith(29, {
      insight: "click",
      object_id: "car-1",
      position: 2,
      query_id: null,
      user_token: "anonymous-tok12345",
    });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
