import { isPagePath } from "./page-path";

/** What the rule reads of a click: its button and keys, and the element clicked (anything with closest()). */
export type LinkClick = Pick<MouseEvent, "defaultPrevented" | "button" | "metaKey" | "ctrlKey" | "shiftKey" | "altKey"> & {
  target: EventTarget | null;
};

type Clicked = { closest(selector: string): Pick<Element, "getAttribute" | "hasAttribute"> | null };

const hasClosest = (target: EventTarget | null): target is EventTarget & Clicked =>
  target !== null && typeof (target as Partial<Clicked>).closest === "function";

/**
 * The page a click on one of this site's plain `<a href>` links opens, when the router may open it
 * instead of the browser: a primary click with no modifier key, on a link with no other target and no
 * download, to one of the site's pages (isPagePath). Null when the browser should follow the click itself.
 * Server-drawn HTML (the results page's cards) has no <Link>s; its container follows links with this.
 */
export function routerFollowedLink(event: LinkClick): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = hasClosest(event.target) ? event.target.closest("a[href]") : null;
  if (!link) return null;
  const target = link.getAttribute("target");
  if ((target !== null && target !== "" && target !== "_self") || link.hasAttribute("download")) return null;
  const href = link.getAttribute("href") ?? "";
  return isPagePath(href) ? href : null;
}
