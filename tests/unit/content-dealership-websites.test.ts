import { describe, expect, it } from "vitest";
import { dealershipWebsiteLinks } from "~/server/content/dealership-websites";
import { makeTenant } from "../fixtures/tenant";

describe("dealership websites a group site links (spec 001 §3)", () => {
  const website = { dealership_ids: [1], location_ids: [11] };
  const group = makeTenant({
    slug: "harbourside",
    url: "https://harbourside.example",
    domains: ["www.harbourside.example"],
    dealership_group: "Harbourside Motor Group",
    dealership_websites: [
      {
        ...website,
        name: "Harbourside Toyota",
        make: "Toyota",
        url: "https://toyota.harbourside.example",
        logo: null,
        slug: "harbourside-toyota",
      },
      {
        ...website,
        name: "Harbourside Kia",
        make: "Kia",
        url: "https://kia.harbourside.example/",
        logo: "/images/makes/kia.svg",
        slug: "hs-kia",
      },
      { ...website, name: "Harbourside Motor Group", make: null, url: "https://www.harbourside.example", logo: null, slug: "group" },
      { ...website, name: "Itself", make: null, url: "https://elsewhere.example", logo: null, slug: "harbourside" },
      { ...website, name: "Scripted", make: null, url: "javascript:alert(1)", logo: null, slug: "scripted" },
      {
        ...website,
        name: "Harbourside Used",
        make: null,
        url: "https://used.harbourside.example",
        logo: "https://cdn.other.example/l.png",
        slug: "used",
      },
    ],
  });

  it("lists the other dealer sites in the order given, each with its logo or its make's", () => {
    expect(dealershipWebsiteLinks(group)).toEqual([
      { name: "Harbourside Toyota", url: "https://toyota.harbourside.example/", logo: "/images/makes/toyota.svg" },
      { name: "Harbourside Kia", url: "https://kia.harbourside.example/", logo: "/images/makes/kia.svg" },
      // A logo the image optimiser would refuse is left out, never a broken image.
      { name: "Harbourside Used", url: "https://used.harbourside.example/", logo: null },
    ]);
  });

  it("a site without dealership websites lists none", () => {
    expect(dealershipWebsiteLinks(makeTenant())).toEqual([]);
  });
});
