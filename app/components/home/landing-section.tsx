import { imageUrl } from "~/server/images/image-url";
import type { HomeFile } from "~/server/tenants/home-files";
import { SiteLink } from "~/app/components/site-link";
import { TitledSection } from "~/app/components/titled-section";

/** spec 001 §2: the 4x4 landing section — heading, subheading, text, image, 'View Our Cars' and 'Contact Us'. */
export function LandingSection({ landing, carsHref }: { landing: NonNullable<HomeFile["landing"]>; carsHref: string }) {
  return (
    <section
      className="grid items-center gap-6 rounded-xl bg-white p-6 shadow-sm md:grid-cols-2"
      aria-labelledby="landing-title"
      data-testid="landing-section"
    >
      <div>
        <h2 id="landing-title" className="text-2xl font-bold sm:text-3xl">
          {landing.heading}
        </h2>
        {landing.subheading ? <p className="mt-1 text-lg font-semibold text-gray-700">{landing.subheading}</p> : null}
        {landing.text ? <p className="mt-3 leading-relaxed">{landing.text}</p> : null}
        <p className="mt-5 flex flex-wrap gap-3">
          <SiteLink href={carsHref} className="rounded bg-brand px-4 py-2 font-semibold text-brand-contrast" data-testid="view-our-cars">
            View Our Cars
          </SiteLink>
          <SiteLink href="/contact" className="rounded border-2 border-brand px-4 py-2 font-semibold text-brand" data-testid="contact-us">
            Contact Us
          </SiteLink>
        </p>
      </div>
      <img
        src={imageUrl(landing.image, 828)}
        width={828}
        height={552}
        alt={landing.alt}
        loading="lazy"
        className="aspect-[3/2] w-full rounded-lg object-cover"
      />
    </section>
  );
}

/** The 4x4 site's product categories: its accessory pages as tiles. */
export function ProductCategories({ categories }: { categories: HomeFile["categories"] }) {
  if (categories.length === 0) return null;
  return (
    <TitledSection titleId="categories-title" title="Shop our products" testId="product-categories">
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {categories.map((category) => (
          <li key={category.href}>
            <SiteLink
              href={category.href}
              className="flex h-full items-center justify-center rounded-lg bg-white p-4 text-center font-semibold shadow-sm ring-1 ring-gray-200 hover:ring-brand"
            >
              {category.label}
            </SiteLink>
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}
