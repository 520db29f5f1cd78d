import { describe, expect, it } from "vitest";
import { imageUrl } from "~/server/images/image-url";
import { html, formsAppForFile } from "./forms-harness";

// Make tiles, the brand menu and brand pages: the dealer's logo (logo.url) where it has one, else our lettermark.
const HOST = "harbourside.localhost";
const OWN_TOYOTA = "/tenant-assets/logo.svg";

const app = formsAppForFile();

/** The header's dropdown items, as `label → img src` (none when the item draws no logo). */
function menuLogos(body: string): Record<string, string | null> {
  const menu = /<ul class="nav-menu[^"]*">([\s\S]*?)<\/ul>/.exec(body)?.[1] ?? "";
  const items: Record<string, string | null> = {};
  for (const match of menu.matchAll(/<a[^>]*>(?:<img[^>]*src="([^"]+)"[^>]*\/?>)?([^<]+)<\/a>/g)) items[match[2] ?? ""] = match[1] ?? null;
  return items;
}

describe("make logos", () => {
  it("the brand menu draws the lettermark of each make it links to", async () => {
    const page = await app.send(HOST, "/contact");
    expect(menuLogos(page.body)).toMatchObject({
      Toyota: "/images/makes/toyota.svg",
      Mazda: "/images/makes/mazda.svg",
      Hyundai: "/images/makes/hyundai.svg",
    });
    expect((await app.send(HOST, "/images/makes/toyota.svg")).headers["content-type"]).toBe("image/svg+xml");
  });

  it("the dealer's own logo replaces the lettermark in the brand menu, the make tiles and the brand page", async () => {
    const tenant = app.tenant("harbourside");
    tenant.site.manufacturers = [{ id: 1, name: "Toyota", slug: "toyota", logo: { url: OWN_TOYOTA } }];
    try {
      const own = html(imageUrl(OWN_TOYOTA, 160));
      const page = await app.send(HOST, "/contact");
      expect(menuLogos(page.body)).toMatchObject({ Toyota: own, Mazda: "/images/makes/mazda.svg" });
      const landing = await app.send(HOST, "/search");
      expect(landing.body).toContain(`<img src="${own}"`);
      const brand = await app.send(HOST, "/brands/toyota");
      expect(brand.status).toBe(200);
      expect(brand.body).toMatch(new RegExp(`<img src="${own.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"[^>]*data-testid="brand-logo"`));
      const logo = await app.send(HOST, imageUrl(OWN_TOYOTA, 160));
      expect(logo.status).toBe(200);
    } finally {
      tenant.site.manufacturers = [];
    }
  });
});
