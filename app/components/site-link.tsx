import { Link } from "@remix-run/react";
import type { AnchorHTMLAttributes } from "react";
import { isPagePath } from "~/app/lib/page-path";

type SiteLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  href: string;
  /** "none" where a row of links would otherwise fetch a page's data on every pass of the pointer. */
  prefetch?: "intent" | "none";
};

/** Rendering for a string: no document, so the server's render. */
const renderingOnServer = typeof document === "undefined";

/**
 * A link to one of this site's pages is a Remix <Link> (client-side navigation, its data fetched
 * when the pointer or focus rests on it); anything else — another site, a file, tel:, a fragment —
 * is a plain <a>. Without JavaScript both are the same <a href>.
 *
 * On the server a page link is drawn as the plain <a href> the <Link> would produce: our hrefs are
 * already absolute, and resolving each one through the router's hooks cost 6 % of the search page's
 * render. The element and its attributes are the same, so hydration adopts it and the browser's
 * render attaches the <Link>'s click and prefetch handlers (tests/unit/site-link-markup.test.tsx
 * holds the two renders equal).
 *
 * discover="none": the route is looked up when the link is used, not when it is drawn. Eager
 * discovery sent every page view's ~60 link paths to /__manifest twice after hydration, server work
 * on each view for links most visitors never follow.
 */
export function SiteLink({ href, children, prefetch = "intent", ...props }: SiteLinkProps) {
  return !renderingOnServer && isPagePath(href) ? (
    <Link to={href} prefetch={prefetch} discover="none" {...props}>
      {children}
    </Link>
  ) : (
    <a {...props} href={href}>
      {children}
    </a>
  );
}
