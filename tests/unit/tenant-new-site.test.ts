import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseSiteFile } from "~/server/tenants/load";
import { captchaSecretEnv, newTenantSite } from "~/server/tenants/new-tenant-site";

describe("a new dealer's site.json (npm run tenant:new)", () => {
  it("starts from a copy with its own slug, no domains, no demo stock and the captcha on, and loads", () => {
    const source = JSON.parse(readFileSync("tenants/southern-used/site.json", "utf8")) as Record<string, unknown>;
    const site = parseSiteFile("new/site.json", JSON.stringify(newTenantSite(source, "harbourside-north")), "harbourside-north");
    expect(site.domains).toEqual([]);
    expect(site.demo_stock).toBe(false);
    expect(site.leads.email.sales_inbox).toBe("sales@southerncrossusedcars.example.com.au");
    expect(site.leads.captcha).toEqual({
      provider: "turnstile",
      site_key: "REPLACE-WITH-THE-DEALERS-TURNSTILE-SITE-KEY",
      secret_env: "HARBOURSIDE_NORTH_CAPTCHA_SECRET",
      fail: "open",
    });
  });

  it("names the secret variable after the slug", () => {
    expect(captchaSecretEnv("kiwi-motors-2")).toBe("KIWI_MOTORS_2_CAPTCHA_SECRET");
  });
});
