import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isPagePath } from "~/app/lib/page-path";

const ROUTES = path.resolve(__dirname, "../../app/routes");

/** A Remix flat-routes file name as a URL path: dots are slashes, `[.]` a literal dot, `$param` a value. */
function samplePath(file: string): string {
  const name = file.replace(/\.tsx?$/, "").replace(/\[\.\]/g, "~");
  const segments = name
    .split(".")
    .filter((segment) => segment !== "_index" && !/^_[a-z]/.test(segment))
    .map((segment) =>
      segment
        .replace(/_$/, "")
        .replace(/^\$.*/, "x")
        .replace(/~/g, ".")
        .replace(/^\[(.*)\]$/, "$1"),
    );
  return `/${segments.join("/")}`;
}

const routeFiles = readdirSync(ROUTES).filter((file) => /\.tsx?$/.test(file));
const isResourceRoute = (file: string) => !/export default/.test(readFileSync(path.join(ROUTES, file), "utf8"));

describe("isPagePath: which links may navigate client-side", () => {
  it.each(routeFiles.filter(isResourceRoute))("a link to the resource route %s stays a plain link", (file) => {
    expect(isPagePath(samplePath(file))).toBe(false);
  });

  it.each(routeFiles.filter((file) => !isResourceRoute(file) && file !== "$.tsx"))("a link to the page %s navigates in the app", (file) => {
    expect(isPagePath(samplePath(file))).toBe(true);
  });

  it("leaves other sites, files, tel:, mailto: and fragments to the browser", () => {
    for (const href of [
      "https://example.com/cars",
      "//cdn.example.com/x",
      "tel:0299990000",
      "mailto:a@b.c",
      "#filters",
      "/brochure.pdf",
      "/certified-used.svg",
    ]) {
      expect(isPagePath(href), href).toBe(false);
    }
    expect(isPagePath("/search/toyota?sortBy=price_asc#results")).toBe(true);
    expect(isPagePath("/")).toBe(true);
  });
});
