import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { logger } from "~/server/lib/logger";
import { contentPageFile, createContentPages } from "~/server/content/page-store";

const loadContentPage = createContentPages().load;
import { makeTenant } from "../fixtures/tenant";

const root = mkdtempSync(path.join(tmpdir(), "content-pages-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function tenantWith(slug: string, pages: Record<string, string>) {
  const dir = path.join(root, slug);
  mkdirSync(path.join(dir, "pages"), { recursive: true });
  for (const [name, text] of Object.entries(pages)) writeFileSync(path.join(dir, "pages", name), text);
  return { ...makeTenant({ slug }), dir };
}

const good = JSON.stringify({ title: "Warranty", description: "Our terms.", sections: [{ paragraphs: ["Covered."] }] });

describe("loadContentPage", () => {
  it("reads and validates the tenant's own file", () => {
    const tenant = tenantWith("alpha", { "warranty.json": good });
    expect(loadContentPage(tenant, "warranty", logger)?.title).toBe("Warranty");
    expect(loadContentPage(tenant, "faq", logger)).toBeNull();
  });

  it("logs a broken or invalid file and treats it as missing", () => {
    const tenant = tenantWith("beta", {
      "broken.json": "{ not json",
      "invalid.json": JSON.stringify({ title: "No sections", description: "x", sections: [] }),
      "bad-link.json": JSON.stringify({
        title: "T",
        description: "D",
        sections: [{ paragraphs: ["p"], links: [{ label: "x", url: "javascript:alert(1)" }] }],
      }),
    });
    const log = logger.child({});
    const error = vi.spyOn(log, "error");
    expect(loadContentPage(tenant, "broken", log)).toBeNull();
    expect(loadContentPage(tenant, "invalid", log)).toBeNull();
    expect(loadContentPage(tenant, "bad-link", log)).toBeNull();
    expect(error).toHaveBeenCalledTimes(3);
  });

  it("never builds a path outside the tenant's pages folder", () => {
    const tenant = tenantWith("gamma", {});
    for (const slug of ["../site", "..", "a/b", "A", ".hidden", ""]) {
      expect(contentPageFile(tenant, slug)).toBeNull();
      expect(loadContentPage(tenant, slug, logger)).toBeNull();
    }
    expect(contentPageFile(tenant, "faq")).toBe(path.join(tenant.dir, "pages", "faq.json"));
  });

  it("does not serve one tenant's file to another", () => {
    tenantWith("delta", { "secret.json": good });
    const other = tenantWith("epsilon", {});
    expect(loadContentPage(other, "secret", logger)).toBeNull();
  });
});
