import { telHref } from "~/server/lib/format";
import type { Site } from "~/server/tenants/schema";
import type { ContentLink, ContentPage } from "./page-schema";

// Who a visitor can complain to when the dealer doesn't resolve a privacy concern, by the site's country.
const REGULATOR: Record<Site["locale"], string | null> = {
  "en-AU": "the Office of the Australian Information Commissioner (oaic.gov.au)",
  "en-NZ": "the Office of the Privacy Commissioner (privacy.org.nz)",
  "en-US": null,
};

// spec 001 §9: en-US sites get US wording.
const WORDS = {
  AU_NZ: { enquiry: "enquiry", postcode: "postcode", finance: "finance", tradingAs: "trading as" },
  US: { enquiry: "inquiry", postcode: "ZIP code", finance: "financing", tradingAs: "doing business as" },
} as const;

/**
 * A plain privacy statement built from site.json, describing what this platform actually does:
 * the lead form fields, the signed visitor cookie (visited pages and tracked campaign parameters,
 * spec 001 §3 and §9) and lead delivery to the dealer.
 */
export function privacyPage(site: Site): ContentPage {
  const company = site.company_name;
  const contactLinks: ContentLink[] = [];
  const call = telHref(site.phone);
  if (call) contactLinks.push({ label: `Call ${site.phone}`, url: call });
  if (site.email) contactLinks.push({ label: `Email ${site.email}`, url: `mailto:${site.email}` });
  contactLinks.push({ label: "Send us a message", url: "/contact" });
  const regulator = REGULATOR[site.locale];
  const w = site.locale === "en-US" ? WORDS.US : WORDS.AU_NZ;
  const finance = site.finance_provider
    ? [
        `If you apply for ${w.finance}, we pass your application to our finance partner so they can assess it and come back to you with a quote. We only do this when you ask us to.`,
      ]
    : [];

  return {
    title: "Privacy Policy",
    description: `How ${company} handles the details you give us through this website.`,
    sections: [
      {
        paragraphs: [
          `This website is run for ${company}, ${w.tradingAs} ${site.name}, in ${site.city}, ${site.state}. This statement explains what the site collects, why, and what you can ask us to do with it.`,
        ],
      },
      {
        heading: "What our forms collect",
        paragraphs: [
          `When you send an ${w.enquiry}, book a test drive or a service, ask for a trade-in valuation or apply for ${w.finance}, we collect what you enter in the form: usually your name, email address, phone number, ${w.postcode} and message, and the vehicle you are asking about or want to sell. Some forms ask for a little more, such as your preferred dealership or photos of your vehicle.`,
          `We use these details to answer your ${w.enquiry}. If you tick the box to hear about offers, we may also email you about them; reply or call us and we will stop.`,
        ],
      },
      {
        heading: "Pages you visit and how you found us",
        paragraphs: [
          "The site keeps a short list of the pages you have visited here, and the campaign parameters in the link that brought you (gclid, fbclid, utm_source, utm_medium and utm_campaign), in a signed cookie called fc_visitor that lasts up to a year.",
          `After you send a form, the same cookie remembers your name, email address, phone number and ${w.postcode}, encrypted, so the next form is filled in for you. They are forgotten after 90 days without a visit, or at once when you press 'Forget my details' under a form.`,
          `That information stays in your browser until you send an ${w.enquiry}. When you do, it is attached to the ${w.enquiry} so our team knows which vehicles you looked at and which advertisement led you to us. You can delete the cookie in your browser settings at any time; the site keeps working without it.`,
        ],
      },
      {
        heading: "Who receives your details",
        paragraphs: [
          `Every ${w.enquiry} goes to ${company}'s sales, service or parts team, whichever suits your request. The website also keeps a copy of each ${w.enquiry} in its own database, so none is lost if delivery fails. We do not sell your details.`,
          ...finance,
        ],
      },
      {
        heading: "Seeing, correcting or deleting your details",
        paragraphs: [
          `Contact ${company} on ${site.phone}${site.email ? ` or at ${site.email}` : ""} and tell us what you would like: a copy of what we hold about you, a correction, or for us to delete it. We will confirm who you are and reply within 30 days; we may keep a record where the law requires us to.`,
          ...(regulator ? [`If you are not happy with how we handled your request, you can contact ${regulator}.`] : []),
        ],
        links: contactLinks,
      },
    ],
  };
}
