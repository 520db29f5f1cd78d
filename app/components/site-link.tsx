import { Link } from "@remix-run/react";
import type { AnchorHTMLAttributes } from "react";
import { isPagePath } from "~/app/lib/page-path";

type SiteLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { href: string };

/**
 * A link to one of this site's pages is a Remix <Link> (client-side navigation, its data fetched
 * when the pointer or focus rests on it); anything else — another site, a file, tel:, a fragment —
 * is a plain <a>. Without JavaScript both are the same <a href>.
 *
 * discover="none": the route is looked up when the link is used, not when it is drawn. Eager
 * discovery sent every page view's ~60 link paths to /__manifest twice after hydration, server work
 * on each view for links most visitors never follow.
 */
export function SiteLink({ href, children, ...props }: SiteLinkProps) {
  return isPagePath(href) ? (
    <Link to={href} prefetch="intent" discover="none" {...props}>
      {children}
    </Link>
  ) : (
    <a href={href} {...props}>
      {children}
    </a>
  );
}
