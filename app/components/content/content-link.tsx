import type { ContentLink as Link } from "~/server/content/page-schema";

/** spec 001 §2 link kinds: external links open in a new tab; tel:, mailto: and site paths open normally. */
export function ContentLink({ link, className }: { link: Link; className: string }) {
  const external = link.url.startsWith("https://");
  return (
    <a href={link.url} className={className} {...(external ? { target: "_blank", rel: "noreferrer" } : {})}>
      {link.label}
      {external ? <span className="sr-only"> (opens in a new tab)</span> : null}
    </a>
  );
}
