import { useLocation } from "@remix-run/react";
import { useState } from "react";
import type { PublicSite, NavItem } from "~/server/tenants/public-site";
import type { BannerLocation } from "~/server/content/banner-locations";
import { LocationsDropdown } from "./locations-dropdown";
import { SavedCountLink } from "./garage/saved-count-link";
import { HiddenPhone, PhoneLink } from "./phone-link";
import { useSitePhones } from "./vehicle/use-site-phones";
import { SiteLink } from "~/app/components/site-link";

function NavDropdown({ item, hoverOpen, onOpenChange }: { item: NavItem; hoverOpen: boolean; onOpenChange: (open: boolean) => void }) {
  const [open, setOpen] = useState(false);
  const change = (next: boolean) => {
    setOpen(next);
    onOpenChange(next);
  };
  return (
    <details
      className="nav-dropdown relative"
      open={open}
      onToggle={(event) => change(event.currentTarget.open)}
      onMouseEnter={hoverOpen ? () => change(true) : undefined}
      onMouseLeave={hoverOpen ? () => change(false) : undefined}
      data-testid="nav-dropdown"
    >
      <summary className="px-3 py-2 rounded hover:bg-black/10">
        {item.label} <span aria-hidden="true">▾</span>
      </summary>
      <ul className="nav-menu left-0 z-20 mt-1 min-w-56 lg:absolute max-h-[70vh] overflow-auto rounded bg-white p-2 text-gray-900 shadow-lg">
        {item.children?.map((child) => (
          <li key={child.url + child.label}>
            <SiteLink className="flex items-center gap-2 rounded px-3 py-2 hover:bg-gray-100" href={child.url}>
              {child.logo ? (
                <img src={child.logo} alt="" width={32} height={32} className="h-8 w-8 shrink-0 object-contain" loading="lazy" />
              ) : null}
              {child.label}
            </SiteLink>
          </li>
        ))}
      </ul>
    </details>
  );
}

function HeaderPhone({ site, testId }: { site: PublicSite; testId: string }) {
  const { header: phone } = useSitePhones(site);
  return phone.dial ? (
    <PhoneLink phone={phone.text} className="font-semibold underline" testId={testId} />
  ) : (
    <HiddenPhone masked={phone.text} className="font-semibold" testId={testId} />
  );
}

type SiteHeaderProps = { site: PublicSite; locations?: BannerLocation[] };

/**
 * Drawn afresh for each page visited: links navigate client-side, so without this the phone menu,
 * a navigation dropdown or the locations list would stay open over the page they led to.
 */
export function SiteHeader(props: SiteHeaderProps) {
  const { key } = useLocation();
  return <HeaderContent key={key} {...props} />;
}

function HeaderContent({ site, locations = [] }: SiteHeaderProps) {
  const [openCount, setOpenCount] = useState(0);
  const trackOpen = (open: boolean) => setOpenCount((n) => Math.max(0, n + (open ? 1 : -1)));
  return (
    <header className="relative bg-brand text-brand-contrast" data-dropdown-open={openCount > 0 ? "true" : "false"}>
      {/* On phones one row (logo, Saved, Menu): the phone number and locations move into the menu, and the
          vehicle page's sticky bar carries the call action. The row leaves room for the Menu button. */}
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-x-2 py-2 pl-4 pr-24 sm:gap-x-4 lg:py-3 lg:pr-4">
        <SiteLink prefetch="none" href="/" className="flex min-w-0 shrink items-center gap-3" aria-label={`${site.name} home`}>
          {/* Dealer logos carry the name (wide 4:1 artwork); a white plate keeps them legible on any brand colour. */}
          <span className="block min-w-0 rounded bg-white px-2 py-1">
            <img src={site.logo.url} alt="" width={192} height={48} className="h-9 w-36 max-w-full object-contain sm:h-12 sm:w-48" />
          </span>
          <span className="sr-only" data-testid="site-name">
            {site.name}
          </span>
        </SiteLink>
        <div className="flex shrink-0 items-center gap-x-4 gap-y-1">
          <SavedCountLink />
          <div className="hidden items-center gap-x-4 lg:flex">
            <HeaderPhone site={site} testId="header-phone" />
            <LocationsDropdown locations={locations} />
          </div>
        </div>
      </div>
      {/* On phones the navigation folds behind a Menu button; a <details> opens it without
          JavaScript, and from the lg breakpoint CSS keeps it open with the button hidden. */}
      <details className="site-menu mx-auto max-w-7xl" data-testid="site-menu">
        <summary
          className="absolute right-4 top-2.5 cursor-pointer rounded border border-current px-3 py-1.5 font-semibold lg:hidden"
          data-testid="menu-button"
        >
          Menu
        </summary>
        <nav aria-label="Main" className="mx-auto max-w-7xl px-4 pb-2">
          <ul className="flex flex-col gap-1 lg:flex-row lg:flex-wrap lg:items-center">
            {site.navigation.header.map((item) => (
              <li key={item.url + item.label}>
                {item.children && item.children.length > 0 ? (
                  <NavDropdown item={item} hoverOpen={site.header_hover_open} onOpenChange={trackOpen} />
                ) : (
                  <SiteLink className="block rounded px-3 py-2 hover:bg-black/10" href={item.url}>
                    {item.label}
                  </SiteLink>
                )}
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2 px-3 pb-2 pt-3 lg:hidden" data-testid="menu-contact">
            <HeaderPhone site={site} testId="menu-phone" />
            <LocationsDropdown locations={locations} inline />
          </div>
        </nav>
      </details>
    </header>
  );
}
