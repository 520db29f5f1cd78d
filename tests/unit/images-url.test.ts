import { describe, expect, it } from "vitest";
import { imageSrcSet, imageUrl } from "~/server/images/image-url";
import { parseImageParams } from "~/server/images/params";

describe("imageUrl", () => {
  it("builds the optimiser url with quality 80 by default (spec 001 §9)", () => {
    expect(imageUrl("/demo-images/toyota-suv-1.svg", 640)).toBe("/_image?url=%2Fdemo-images%2Ftoyota-suv-1.svg&w=640&q=80");
    expect(imageUrl("https://cdn.example/a b.jpg?v=1&x=2", 1080, 60)).toBe(
      "/_image?url=https%3A%2F%2Fcdn.example%2Fa%20b.jpg%3Fv%3D1%26x%3D2&w=1080&q=60",
    );
  });

  it("rounds the width up to an allowed size, capped at the largest", () => {
    expect(imageUrl("/x", 300)).toContain("&w=384&");
    expect(imageUrl("/x", 641)).toContain("&w=750&");
    expect(imageUrl("/x", 9999)).toContain("&w=3840&");
    expect(imageUrl("/x", 1)).toContain("&w=16&");
  });

  it("keeps quality a whole number from 1 to 100", () => {
    expect(imageUrl("/x", 640, 0)).toMatch(/q=1$/);
    expect(imageUrl("/x", 640, 150)).toMatch(/q=100$/);
    expect(imageUrl("/x", 640, 72.6)).toMatch(/q=73$/);
  });

  it("always yields a url the optimiser accepts", () => {
    for (const width of [1, 15, 17, 200, 500, 700, 1000, 1500, 2000, 3000, 5000]) {
      for (const quality of [-5, 0, 1, 50.5, 80, 100, 200]) {
        const search = new URL(imageUrl("/tenant-assets/logo.svg", width, quality), "http://h").searchParams;
        expect(parseImageParams(search)).toMatchObject({ ok: true, params: { url: "/tenant-assets/logo.svg" } });
      }
    }
  });
});

describe("imageSrcSet", () => {
  it("lists each distinct allowed width once, narrowest first", () => {
    expect(imageSrcSet("/x", [1200, 640, 700, 750])).toBe(
      "/_image?url=%2Fx&w=640&q=80 640w, /_image?url=%2Fx&w=750&q=80 750w, /_image?url=%2Fx&w=1200&q=80 1200w",
    );
  });
});
