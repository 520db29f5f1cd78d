import { describe, expect, it } from "vitest";
import { routerFollowedLink, type LinkClick } from "~/app/lib/page-link-click";

/** A click on an element inside a link with these attributes (null: not inside a link at all). */
function clickOn(attributes: Record<string, string> | null, keys: Partial<LinkClick> = {}): LinkClick {
  const link = attributes && {
    getAttribute: (name: string) => attributes[name] ?? null,
    hasAttribute: (name: string) => name in attributes,
  };
  return {
    defaultPrevented: false,
    button: 0,
    metaKey: false,
    ctrlKey: false,
    shiftKey: false,
    altKey: false,
    target: { closest: (selector: string) => (selector === "a[href]" ? link : null) } as unknown as EventTarget,
    ...keys,
  };
}

describe("routerFollowedLink", () => {
  it("hands a plain click on a link to one of the site's pages to the router", () => {
    expect(routerFollowedLink(clickOn({ href: "/cars/2018-subaru-forester-2-5i-l-ujgcsq" }))).toBe(
      "/cars/2018-subaru-forester-2-5i-l-ujgcsq",
    );
    expect(routerFollowedLink(clickOn({ href: "/finance?car_id=1#finance-form", target: "_self" }))).toBe("/finance?car_id=1#finance-form");
  });

  it("leaves to the browser a new tab or window, a download, another site, a resource and a click that is not on a link", () => {
    const page = { href: "/cars/a" };
    for (const keys of [
      { metaKey: true },
      { ctrlKey: true },
      { shiftKey: true },
      { altKey: true },
      { button: 1 },
      { defaultPrevented: true },
    ]) {
      expect(routerFollowedLink(clickOn(page, keys)), JSON.stringify(keys)).toBeNull();
    }
    expect(routerFollowedLink(clickOn({ ...page, target: "_blank" }))).toBeNull();
    expect(routerFollowedLink(clickOn({ ...page, download: "" }))).toBeNull();
    for (const href of ["https://example.com/cars/a", "//example.com/", "tel:0290000000", "#top", "/go/call", "/brochure.pdf"]) {
      expect(routerFollowedLink(clickOn({ href })), href).toBeNull();
    }
    expect(routerFollowedLink(clickOn(null))).toBeNull();
    expect(routerFollowedLink({ ...clickOn(page), target: null })).toBeNull();
  });
});
