import { describe, expect, it } from "vitest";
import { normaliseMake, slugify } from "../../server/lib/slug";

describe("slugify (spec 001 §5)", () => {
  it("trims, lowercases and turns non-alphanumerics into hyphens", () => {
    expect(slugify("  Toyota  ")).toBe("toyota");
    expect(slugify("Land Cruiser")).toBe("land-cruiser");
    expect(slugify("General Enquiry")).toBe("general-enquiry");
    expect(slugify("4x4")).toBe("4x4");
  });

  it("collapses runs and trims hyphens at the ends", () => {
    expect(slugify("Mercedes-Benz  C 200!")).toBe("mercedes-benz-c-200");
    expect(slugify("--Hi--Lux--")).toBe("hi-lux");
    expect(slugify("Ute / Tray")).toBe("ute-tray");
    expect(slugify("!!!")).toBe("");
  });
});

describe("normaliseMake (spec 000 §9 make aliases)", () => {
  it("maps the named aliases", () => {
    expect(normaliseMake("Isuzu Ute")).toBe("isuzu");
    expect(normaliseMake("GWM")).toBe("gwm-haval");
    expect(normaliseMake("Haval")).toBe("gwm-haval");
    expect(normaliseMake("GWM Haval")).toBe("gwm-haval");
    expect(normaliseMake("Suzuki Australia")).toBe("suzuki");
    expect(normaliseMake("Mercedes-Benz")).toBe("mercedes-benz");
    expect(normaliseMake("Mercedes Benz")).toBe("mercedes-benz");
    expect(normaliseMake("SsangYong")).toBe("ssangyong");
    expect(normaliseMake("KGM")).toBe("ssangyong");
    expect(normaliseMake("KGM SsangYong")).toBe("ssangyong");
  });

  it("slugifies any other make", () => {
    expect(normaliseMake("Toyota")).toBe("toyota");
    expect(normaliseMake("Isuzu")).toBe("isuzu");
    expect(normaliseMake("Land Rover")).toBe("land-rover");
    expect(normaliseMake("Suzuki")).toBe("suzuki");
  });
});
