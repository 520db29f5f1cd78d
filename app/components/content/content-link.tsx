import type { ContentLink as Link } from "~/server/content/page-schema";
import { SiteLink } from "~/app/components/site-link";

/** spec 001 §2 link kinds: external links open in a new tab; tel:, mailto: and site paths open normally. */
export function ContentLink({ link, className }: { link: Link; className: string }) {
  const external = link.url.startsWith("https://");
  return external ? (
    <a href={link.url} className={className} target="_blank" rel="noreferrer">
      {link.label}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  ) : (
    <SiteLink href={link.url} className={className}>
      {link.label}
    </SiteLink>
  );
}
