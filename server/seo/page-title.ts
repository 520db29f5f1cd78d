/**
 * Every indexable page's title ends with ' | {site}' (the site's name), once. Search engines show
 * the site beside the page's own words, and a tab reads as the dealer's.
 */
export function pageTitle(title: string, siteName: string): string {
  const suffix = ` | ${siteName}`;
  return title.endsWith(suffix) || title === siteName ? title : `${title}${suffix}`;
}

type DescribedSite = { name: string; city: string };

// What a shopper does on each form page, in the words the page's own heading uses.
const formPurpose: Readonly<Record<string, string>> = {
  "Contact Us": "Send us a message, call us or find our opening hours and locations",
  "Book a Service": "Book your next service online",
  Careers: "See what roles are open and send us your details",
  "Trade-In Valuation": "Tell us about your car and get a trade-in valuation",
  "Parts & Accessories": "Ask our parts team for genuine parts and accessories",
  "Book a Test Drive": "Pick a car and a time to take it for a test drive",
  "Fleet Enquiry": "Ask our fleet team about buying several vehicles",
  "Request Photos": "Ask for more photos of a vehicle you are interested in",
  "Find Me Something Similar": "Tell us what you are after and we will find it for you",
  "Sell My Car": "Tell us about your car and get an offer",
  Finance: "Apply for vehicle finance online",
  "Finance Enquiry": "Ask about vehicle finance",
};

/** A form page's meta description: what the page is for, who and where the dealer is. */
export function formPageDescription(title: string, site: DescribedSite): string {
  const purpose = formPurpose[title] ?? title;
  return `${purpose}: ${site.name}, ${site.city}.`;
}

/** A brand page's meta description. */
export function brandPageDescription(make: string, site: DescribedSite, model?: string): string {
  const name = model ? `${make} ${model}` : `${make} range`;
  return `The ${name} at ${site.name} in ${site.city}: models, specifications and the stock we have now.`;
}

/** Where the dealer is, as a title says it: 'Newcastle, NSW', or 'Auckland' once where city and region share the name. */
export function placeName(city: string, state: string): string {
  return state === "" || state === city ? city : `${city}, ${state}`;
}
