import { readFileSync } from "node:fs";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { placeholderImage } from "~/server/images/placeholder";
import { renderImage } from "~/server/images/transform";
import { renderDemoImageSvg } from "~/server/stock/demo-image";

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } });

describe("renderImage", () => {
  it("resizes a large JPEG to the width, keeping the aspect ratio, in the requested format", async () => {
    const jpeg = await solid(2000, 1000).jpeg().toBuffer();
    const out = await renderImage(jpeg, 640, 75, "webp");
    expect(out.format).toBe("webp");
    expect(await sharp(out.bytes).metadata()).toMatchObject({ format: "webp", width: 640, height: 320 });
  });

  it("crops to exactly 1200×630 with fit cover, enlarging a small photo (the share image)", async () => {
    const wide = await renderImage(await solid(2000, 1000).jpeg().toBuffer(), 1200, 75, "original", { height: 630, fit: "cover" });
    expect(await sharp(wide.bytes).metadata()).toMatchObject({ width: 1200, height: 630 });
    const small = await renderImage(await solid(600, 400).png().toBuffer(), 1200, 75, "webp", { height: 630, fit: "cover" });
    expect(await sharp(small.bytes).metadata()).toMatchObject({ format: "webp", width: 1200, height: 630 });
    const demo = await renderImage(readFileSync("tenants/harbourside/images/logo.svg"), 1200, 75, "original", {
      height: 630,
      fit: "contain",
    });
    expect(await sharp(demo.bytes).metadata()).toMatchObject({ width: 1200, height: 630 });
  });

  it("never enlarges a small raster image", async () => {
    const png = await solid(100, 50).png().toBuffer();
    const out = await renderImage(png, 1080, 75, "original");
    expect(await sharp(out.bytes).metadata()).toMatchObject({ format: "png", width: 100, height: 50 });
  });

  it("keeps JPEG as JPEG when the client takes neither AVIF nor WebP", async () => {
    const jpeg = await solid(800, 600).jpeg().toBuffer();
    const out = await renderImage(jpeg, 640, 40, "original");
    expect(out.format).toBe("jpeg");
    expect(await sharp(out.bytes).metadata()).toMatchObject({ format: "jpeg", width: 640, height: 480 });
  });

  it("rasterises an SVG at the full requested width, sharp rather than blown up", async () => {
    const logo = readFileSync("tenants/harbourside/images/logo.svg");
    const out = await renderImage(logo, 1920, 75, "original");
    expect(await sharp(out.bytes).metadata()).toMatchObject({ format: "png", width: 1920, height: 480 });
  });

  it("renders a demo photo as AVIF", async () => {
    const svg = Buffer.from(renderDemoImageSvg("toyota-suv-1") ?? "");
    const out = await renderImage(svg, 256, 75, "avif");
    expect(await sharp(out.bytes).metadata()).toMatchObject({ format: "heif", compression: "av1", width: 256 });
  });

  it("lowers the file size with the quality", async () => {
    const photo = await sharp({
      create: { width: 800, height: 600, channels: 3, background: "#888", noise: { type: "gaussian", mean: 128, sigma: 40 } },
    })
      .jpeg({ quality: 95 })
      .toBuffer();
    const high = await renderImage(photo, 640, 90, "webp");
    const low = await renderImage(photo, 640, 20, "webp");
    expect(low.bytes.length).toBeLessThan(high.bytes.length);
  });

  it("throws on bytes that are not an image", async () => {
    await expect(renderImage(Buffer.from("definitely not a jpeg"), 640, 75, "webp")).rejects.toThrow();
    const truncated = (await solid(400, 300).jpeg().toBuffer()).subarray(0, 200);
    await expect(renderImage(truncated, 640, 75, "webp")).rejects.toThrow();
  });
});

describe("placeholderImage", () => {
  it("fills the share-image size when cropped", async () => {
    const out = await placeholderImage(1200, "webp", { height: 630, fit: "cover" });
    expect(await sharp(out.bytes).metadata()).toMatchObject({ width: 1200, height: 630 });
  });

  it("is a 4:3 picture at exactly the requested width, in the negotiated format", async () => {
    for (const [width, requested, format] of [
      [640, "webp", "webp"],
      [16, "original", "png"],
      [3840, "avif", "heif"],
    ] as const) {
      const out = await placeholderImage(width, requested);
      expect(await sharp(out.bytes).metadata()).toMatchObject({ format, width, height: (width * 3) / 4 });
    }
  });
});
