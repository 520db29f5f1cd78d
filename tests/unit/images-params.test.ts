import { describe, expect, it } from "vitest";
import { negotiateFormat, outputFormatFor } from "~/server/images/format";
import { imageMessages } from "~/server/images/messages";
import { parseImageParams } from "~/server/images/params";
import { ALLOWED_WIDTHS } from "~/server/images/sizes";
import { itMaps } from "../fixtures/table-tests";

const parse = (query: string) => parseImageParams(new URLSearchParams(query));

describe("parseImageParams", () => {
  it("accepts every spec width (001 §9) and defaults quality to 75", () => {
    expect(ALLOWED_WIDTHS).toEqual([16, 32, 48, 64, 96, 128, 256, 384, 640, 750, 828, 1080, 1200, 1920, 2048, 3840]);
    for (const w of ALLOWED_WIDTHS) {
      expect(parse(`url=/x&w=${w}`)).toEqual({ ok: true, params: { url: "/x", width: w, quality: 75, crop: null } });
    }
  });

  it("keeps an explicit quality from 1 to 100", () => {
    expect(parse("url=/x&w=640&q=1")).toMatchObject({ ok: true, params: { quality: 1 } });
    expect(parse("url=/x&w=640&q=100")).toMatchObject({ ok: true, params: { quality: 100 } });
  });

  it.each(["", "w=", "w=641", "w=0", "w=-640", "w=640.0", "w=6.4e2", "w=%20640", "w=abc", "w=4000", "w=0640"])(
    "refuses %s with the width message",
    (w) => {
      expect(parse(`url=/x&${w}`)).toEqual({ ok: false, message: imageMessages.badWidth });
    },
  );

  it.each(["q=0", "q=075", "q=101", "q=75.5", "q=", "q=high", "q=-1"])("refuses %s with the quality message", (q) => {
    expect(parse(`url=/x&w=640&${q}`)).toEqual({ ok: false, message: imageMessages.badQuality });
  });

  it("accepts the share-image crop h=630 with fit=cover (spec 001 §9: 1200x630)", () => {
    expect(parse("url=/x&w=1200&h=630&fit=cover")).toEqual({
      ok: true,
      params: { url: "/x", width: 1200, quality: 75, crop: { height: 630, fit: "cover" } },
    });
    expect(parse("url=/x&w=1200&h=630&fit=contain")).toMatchObject({ ok: true, params: { crop: { height: 630, fit: "contain" } } });
  });

  it.each(["h=630", "fit=cover", "h=631&fit=cover", "h=630&fit=fill", "h=0630&fit=cover", "h=&fit=cover"])(
    "refuses the crop %s with the crop message",
    (crop) => {
      expect(parse(`url=/x&w=1200&${crop}`)).toEqual({ ok: false, message: imageMessages.badCrop });
    },
  );

  it("needs a url", () => {
    expect(parse("w=640")).toEqual({ ok: false, message: imageMessages.missingUrl });
    expect(parse("url=&w=640")).toEqual({ ok: false, message: imageMessages.missingUrl });
  });

  it("names the allowed widths in its message", () => {
    expect(imageMessages.badWidth).toContain("640, 750, 828");
  });
});

describe("negotiateFormat", () => {
  itMaps(negotiateFormat, {
    "prefers AVIF, then WebP, else keeps the original": [
      ["image/avif,image/webp,image/apng,image/*,*/*;q=0.8", "avif"],
      ["image/webp,*/*", "webp"],
      ["image/png,image/*;q=0.8,*/*;q=0.5", "original"],
      ["*/*", "original"],
      [null, "original"],
    ],
  });

  it("ignores types refused with q=0", () => {
    expect(negotiateFormat("image/avif;q=0, image/webp")).toBe("webp");
    expect(negotiateFormat("image/avif; q=0.5")).toBe("avif");
  });
});

describe("outputFormatFor", () => {
  it("uses the negotiated format when there is one", () => {
    expect(outputFormatFor("webp", "jpeg", false)).toBe("webp");
    expect(outputFormatFor("avif", "svg", true)).toBe("avif");
  });

  it("keeps JPEG and PNG, turns SVG into PNG, and others into JPEG unless transparent", () => {
    expect(outputFormatFor("original", "jpeg", false)).toBe("jpeg");
    expect(outputFormatFor("original", "png", false)).toBe("png");
    expect(outputFormatFor("original", "svg", true)).toBe("png");
    expect(outputFormatFor("original", "webp", false)).toBe("jpeg");
    expect(outputFormatFor("original", "webp", true)).toBe("png");
  });
});
