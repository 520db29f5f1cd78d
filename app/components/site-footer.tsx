import { directionsHref } from "~/server/events/go-links";
import type { DealershipWebsiteLink } from "~/server/content/dealership-websites";
import type { PublicSite } from "~/server/tenants/public-site";
import { OpeningHours } from "./opening-hours";
import { HiddenPhone, PhoneLink } from "./phone-link";
import { useSitePhones } from "./vehicle/use-site-phones";
import { SiteLink } from "~/app/components/site-link";

type FooterLink = { url: string; label: string };

/** One titled column of site links (a footer menu column, the products). */
function FooterLinks({ heading, links, listClassName }: { heading: string; links: FooterLink[]; listClassName: string }) {
  return (
    <nav aria-label={heading}>
      <h2 className="mb-3 font-semibold">{heading}</h2>
      <ul className={listClassName}>
        {links.map((link) => (
          <li key={link.url + link.label}>
            <SiteLink className="hover:underline" href={link.url}>
              {link.label}
            </SiteLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SiteFooter({ site, dealershipWebsites }: { site: PublicSite; dealershipWebsites: DealershipWebsiteLink[] }) {
  const products = [...site.navigation.footerProducts1, ...site.navigation.footerProducts2];
  const { footer: phone } = useSitePhones(site);
  return (
    <footer className="mt-16 bg-gray-900 text-gray-100">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        {site.navigation.footer.map((column) => (
          <FooterLinks key={column.heading} heading={column.heading} links={column.links} listClassName="space-y-1 text-sm" />
        ))}
        {products.length > 0 ? <FooterLinks heading="Products" links={products} listClassName="columns-2 space-y-1 text-sm" /> : null}
        {dealershipWebsites.length > 0 ? (
          <nav aria-label="Our dealerships" data-testid="footer-dealerships">
            <h2 className="mb-3 font-semibold">Our dealerships</h2>
            <ul className="space-y-2 text-sm">
              {dealershipWebsites.map((website) => (
                <li key={website.url}>
                  {/* spec 001 §2: external links open in a new tab. */}
                  <a className="flex items-center gap-2 hover:underline" href={website.url} target="_blank" rel="noopener">
                    {website.logo ? (
                      <img
                        src={website.logo}
                        alt=""
                        width={32}
                        height={32}
                        className="h-8 w-8 rounded bg-white object-contain p-0.5"
                        loading="lazy"
                      />
                    ) : null}
                    {website.name}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <section aria-labelledby="footer-visit">
          <h2 id="footer-visit" className="mb-3 font-semibold">
            Visit {site.primary_location.name}
          </h2>
          <p className="text-sm">
            <a className="hover:underline" href={directionsHref(site.primary_location.slug)} target="_blank" rel="noopener nofollow">
              {site.primary_location.address}
            </a>
          </p>
          <p className="my-2 text-sm">
            {phone.dial ? (
              <PhoneLink phone={phone.text} className="font-semibold hover:underline" testId="footer-phone" />
            ) : (
              <HiddenPhone masked={phone.text} className="font-semibold" testId="footer-phone" />
            )}
          </p>
          <OpeningHours hours={site.primary_location.opening_hours} />
        </section>
      </div>
      <p className="border-t border-gray-700 py-4 text-center text-xs">© {site.company_name}</p>
    </footer>
  );
}
