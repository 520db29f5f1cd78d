import { Link } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { SiteLink } from "~/app/components/site-link";

/** The page links our pages draw: paths, queries (brackets, spaces, empty values), fragments. */
const hrefs = [
  "/",
  "/about-us",
  "/search/new-used-and-demo-cars",
  "/search/new-used-and-demo-cars?q=",
  "/search/new-used-and-demo-cars?page=2",
  "/search/toyota?sortBy=price:asc&refinementList[make][0]=Toyota",
  "/search/new-used-and-demo-cars?q=toyota%20suv%20under%2040k",
  "/cars/2018-subaru-forester-2-5i-l-ujgcsq/enquire",
  "/finance?preferredDealership=harbourside-mazda&vehiclePriceBudget=12990&car_id=101000426&car_type=used#finance-form",
  "/dealerships/",
];

function renderInRouter(element: JSX.Element, at = "/search/new-used-and-demo-cars"): string {
  const router = createMemoryRouter([{ path: "*", element }], { initialEntries: [at] });
  return renderToString(<RouterProvider router={router} />);
}

describe("SiteLink on the server", () => {
  it("draws exactly the <a> the Remix <Link> draws, so hydration adopts it as the link", () => {
    for (const href of hrefs) {
      const props = { className: "block rounded px-3 py-2", "data-testid": "nav-link", rel: "next" };
      const asLink = renderInRouter(
        <Link to={href} prefetch="intent" discover="none" {...props}>
          Go
        </Link>,
      );
      const asSiteLink = renderInRouter(
        <SiteLink href={href} {...props}>
          Go
        </SiteLink>,
      );
      expect(asSiteLink, href).toBe(asLink);
      expect(asSiteLink, href).toContain(`href="${href.replaceAll("&", "&amp;")}"`);
    }
  });

  it("keeps a link to another site, a file or a phone number a plain <a>", () => {
    for (const href of ["https://example.com/x", "tel:+61255501200", "/brochure.pdf", "#finance-form"]) {
      expect(renderToString(<SiteLink href={href}>Go</SiteLink>)).toBe(`<a href="${href}">Go</a>`);
    }
  });
});
