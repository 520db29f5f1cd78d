import { imageUrl } from "../../lib/image-url";
import { formatDistance, formatMoney, formatPercent } from "../../../server/lib/format";
import type { Logger } from "../../../server/lib/logger";
import { localiseText } from "../../../server/lib/spelling";
import { searchUrl } from "../../../server/search/url";
import { emptySearchState, withRefinementToggled } from "../../../server/search/transitions";
import { isAvailable, isSold } from "../../../server/stock/availability";
import { reserveHref, vehicleHref } from "../../../server/stock/can-reserve";
import { cardChips } from "../../../server/stock/card-chips";
import { cardTag, type CardTag } from "../../../server/stock/card-tag";
import { financeOffer, isFinanceHidden, type FinanceOffer } from "../../../server/stock/finance-offer";
import { locationLabel } from "../../../server/stock/location-label";
import { marketIndicator } from "../../../server/stock/market-indicator";
import { maskPhone } from "../../../server/stock/phone-mask";
import { dealerPhone } from "../../../server/stock/phone-reveal";
import { priceDisplay } from "../../../server/stock/price-display";
import { similarCtaText } from "../../../server/stock/similar";
import { tradeInHref } from "../../../server/stock/trade-in";
import { vehicleButtons } from "../../../server/stock/vehicle-buttons";
import { vehicleTitle } from "../../../server/stock/vehicle-title";
import type { Vehicle } from "../../../server/stock/vehicle";
import { wasPrice } from "../../../server/stock/was-price";
import type { Tenant } from "../../../server/tenants/load";
import { primaryLocation } from "../../../server/tenants/public-site";
import type { Location, Site, VehicleButton } from "../../../server/tenants/schema";
import { readCalculator } from "./calculator.server";
import { PHONE_REVEALED_PARAM, PHONE_REVEALED_VALUE, SHARE_IMAGE_WIDTH } from "./constants";
import { serializeJsonLd, vehicleJsonLd } from "./json-ld";
import type { ButtonView, FinanceView, PhoneBoxView, SpecRow, VehicleCardView, VehiclePageView } from "./types";
import { financeHref } from "../../../server/stock/finance-href";

const META_DESCRIPTION_MAX = 160;


/** The vehicle's photos in order; the primary image alone when the gallery list is empty. */
export function vehicleImages(vehicle: Pick<Vehicle, "images" | "primary_image_url">): string[] {
  const urls = vehicle.images.map((entry) => entry.image.url.trim()).filter((url) => url !== "");
  if (urls.length > 0) return urls;
  const primary = vehicle.primary_image_url?.trim();
  return primary ? [primary] : [];
}

export function telHref(phone: string): string | null {
  const digits = phone.replace(/[^\d+]/g, "");
  return digits ? `tel:${digits}` : null;
}

/** The vehicle's own location, else the site's primary one. */
export function vehicleLocation(vehicle: Pick<Vehicle, "location_id">, site: Site): Location {
  return site.locations.find((location) => location.id === vehicle.location_id) ?? primaryLocation(site);
}

// "suv" → "SUV", "peopleMover" → "People Mover", "4x4" stays.
function bodyLabel(body: string): string {
  if (body.toLowerCase() === "suv") return "SUV";
  return body
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .split(" ")
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}

function text(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const out = String(value).trim();
  return out === "" ? null : out;
}

function specRows(vehicle: Vehicle, site: Site): SpecRow[] {
  const body = text(vehicle.body) ?? text(vehicle.simple_body);
  const rows: Array<[string, string, string | null]> = [
    ["fuel", "Fuel", text(vehicle.fuel) ?? text(vehicle.simple_fuel)],
    ["transmission", "Transmission", text(vehicle.transmission) ?? text(vehicle.simple_transmission)],
    ["drive", "Drive", text(vehicle.drive) ?? text(vehicle.simple_drive)],
    ["body", "Body", body === null ? null : bodyLabel(body)],
    ["seats", "Seats", text(vehicle.seats)],
    ["odometer", "Odometer", formatDistance(vehicle.km, site)],
    ["colour", localiseText("Colour", site.locale), text(vehicle.colour)],
    ["vin", "VIN", text(vehicle.vin)],
    ["stocknum", "Stock number", text(vehicle.stocknum)],
    ["location", "Location", text(locationLabel(vehicle, site))],
  ];
  return rows.flatMap(([key, label, value]) => (value === null ? [] : [{ key, label, value }]));
}

function tagText(tag: CardTag | null): string | null {
  if (tag === null) return null;
  return tag.kind === "certified-image" ? `${tag.manufacturer} Certified Used` : tag.text;
}

function financeView(offer: FinanceOffer, site: Site): FinanceView {
  const locale = site.locale;
  return {
    provider: offer.provider,
    payment: offer.payment && {
      text: offer.payment.text,
      frequencyLabel: offer.payment.frequency === "week" ? "per week" : "per month",
    },
    interestRate: `${formatPercent(offer.interestRate, locale)} p.a.`,
    comparisonRate: `${formatPercent(offer.comparisonRate, locale)} p.a.`,
    term: offer.termMonths === null ? null : `${offer.termMonths} months`,
    balloon: offer.balloon === null ? null : formatMoney(offer.balloon, locale),
    deposit: offer.deposit === null ? null : formatMoney(offer.deposit, locale),
    disclaimer: offer.disclaimer,
  };
}

export function seeMoreHref(tenant: Tenant, vehicle: Vehicle): string {
  return searchUrl(withRefinementToggled(emptySearchState(tenant), "dealership_slug", vehicle.dealership_slug), tenant);
}

function buttonView(id: VehicleButton, vehicle: Vehicle, site: Site, phone: PhoneBoxView): ButtonView | null {
  const path = vehicleHref(vehicle, site);
  const label = (words: string) => localiseText(words, site.locale);
  switch (id) {
    case "dealer_phone_box":
      return { id };
    case "payment_methods":
      return site.payment_provider === null ? null : { id, provider: site.payment_provider };
    case "call_us_now": {
      const href = telHref(phone.number ?? site.phone);
      return href === null ? null : { id, label: "Call us now", href, external: false };
    }
    case "get_finance":
      return { id, label: "Get finance", href: financeHref(vehicle, site), external: false };
    case "enquire_now":
      return { id, label: label("Enquire now"), href: `${path}/enquire`, external: false };
    case "book_test_drive":
      return { id, label: "Book a test drive", href: `${path}/test-drive`, external: false };
    case "trade_in_valuation":
      return { id, label: "Trade-in valuation", href: tradeInHref(vehicle), external: false };
    case "chat":
      // Without a chat link (only a widget key), the contact page is the way to talk to the dealer.
      return site.features.chat_url
        ? { id, label: "Chat with us", href: site.features.chat_url, external: true }
        : { id, label: "Chat with us", href: "/contact", external: false };
    case "reserve_car_now":
      return { id, label: site.features.buy_online ? "Buy online" : "Reserve car now", href: reserveHref(vehicle, site), external: false };
    case "car_history_report": {
      const file = text(vehicle.file);
      return file === null ? null : { id, label: "Car history report", href: file, external: true };
    }
    case "open_assistant_chat":
      return { id, label: "Open assistant chat", href: "/contact", external: false };
  }
}

export function vehicleCard(vehicle: Vehicle, site: Site): VehicleCardView {
  const [first] = vehicleImages(vehicle);
  return {
    id: vehicle.id,
    href: vehicleHref(vehicle, site),
    title: vehicleTitle(vehicle),
    price: priceDisplay(vehicle, site).text,
    image: first === undefined ? null : first,
  };
}

function metaDescription(title: string, price: string, vehicle: Vehicle, site: Site, location: Location): string {
  const facts = cardChips(vehicle, site)
    .map((chip) => chip.text)
    .join(", ");
  const sentence = `${title}, ${price}. ${facts}. At ${location.name.replace(" - Sales", "")}, ${location.address.city} ${location.address.state}.`;
  return sentence.length <= META_DESCRIPTION_MAX ? sentence : `${sentence.slice(0, META_DESCRIPTION_MAX - 1).trimEnd()}…`;
}

function isCertifiedUsed(vehicle: Vehicle, site: Site): boolean {
  const manufacturer = site.features.certified_used_manufacturer;
  return vehicle.certified && manufacturer !== null && vehicle.make.trim().toLowerCase() === manufacturer.trim().toLowerCase();
}

export type VehiclePageInput = {
  tenant: Tenant;
  vehicle: Vehicle;
  url: URL;
  now: number;
  log: Logger;
  similar: Vehicle[];
};

/** Everything the vehicle page shows, from the stock rules (server/stock) and the request's query. */
export function buildVehiclePage({ tenant, vehicle, url, now, log, similar }: VehiclePageInput): VehiclePageView {
  const { site } = tenant;
  const path = vehicleHref(vehicle, site);
  const canonical = new URL(path, site.url).toString();
  const title = vehicleTitle(vehicle);
  const price = priceDisplay(vehicle, site);
  const sold = isSold(vehicle);
  const offer = financeOffer(vehicle, site, now);
  const location = vehicleLocation(vehicle, site);
  const images = vehicleImages(vehicle);

  const number = dealerPhone(vehicle, site, log);
  const revealedByQuery = site.features.phone_reveal && url.searchParams.get(PHONE_REVEALED_PARAM) === PHONE_REVEALED_VALUE;
  const revealed = !site.features.phone_reveal || revealedByQuery;
  const phone: PhoneBoxView = {
    shown: revealed ? number : maskPhone(number),
    number: revealed ? number : null,
    telHref: revealed ? telHref(number) : null,
    revealable: !revealed,
    carId: vehicle.id,
    seeMoreHref: seeMoreHref(tenant, vehicle),
  };

  // Not in the spec: the calculator shows wherever finance could be offered — an available, unsold
  // vehicle with a shown price, finance not hidden — whether or not a lender has an offer.
  const calculator =
    isAvailable(vehicle) && !sold && price.kind === "price" && !isFinanceHidden(vehicle, site)
      ? readCalculator(url.searchParams, { price: price.amount, deposit: offer?.deposit ?? null, termMonths: offer?.termMonths ?? null }, site.locale)
      : null;

  const absolute = (src: string) => new URL(imageUrl(src, SHARE_IMAGE_WIDTH), site.url).toString();
  const jsonLd = vehicleJsonLd({
    vehicle,
    title,
    url: canonical,
    images: images.map(absolute),
    price: price.kind === "price" ? price.amount : null,
    site,
    seller: {
      name: vehicle.dealership_name || site.name,
      // The hidden number stays hidden: the structured data carries the site's main number then.
      telephone: site.features.phone_reveal ? site.phone : number,
      location,
    },
  });

  return {
    path,
    canonical,
    title,
    metaTitle: `${title} for sale in ${vehicle.city || site.city} | ${site.name}`,
    metaDescription: metaDescription(title, price.text, vehicle, site, location),
    ogImage: images[0] === undefined ? null : absolute(images[0]),
    siteName: site.name,
    carId: vehicle.id,
    tag: tagText(cardTag(vehicle, site, now)),
    sold,
    price: { text: price.text, kind: price.kind },
    wasPrice: wasPrice(vehicle, site)?.text ?? null,
    priceType: price.kind === "price" ? text(vehicle.price_type) : null,
    marketIndicator: marketIndicator(vehicle),
    chips: cardChips(vehicle, site),
    specs: specRows(vehicle, site),
    description: text(vehicle.description),
    images,
    requestPhotosHref: `/contact?${new URLSearchParams({ category: "Request Photos", car_id: String(vehicle.id) }).toString()}`,
    finance: offer ? financeView(offer, site) : null,
    calculator,
    buttons: vehicleButtons(vehicle, site).flatMap((id) => {
      const view = buttonView(id, vehicle, site, phone);
      return view === null ? [] : [view];
    }),
    phone,
    location: {
      name: location.name,
      address: location.address.full,
      mapUrl: location.address.map_url,
      hours: location.contact_detail.opening_hours,
    },
    certifiedMake: isCertifiedUsed(vehicle, site) ? vehicle.make : null,
    similar: similar.map((candidate) => vehicleCard(candidate, site)),
    similarHeading: sold ? similarCtaText(site) : "Similar vehicles",
    jsonLd: serializeJsonLd(jsonLd),
    open: {
      disclaimer: offer !== null && url.searchParams.get("disclaimer") === "1",
      certified: isCertifiedUsed(vehicle, site) && url.searchParams.get("certified") === "1",
    },
    keepQuery: revealedByQuery ? { [PHONE_REVEALED_PARAM]: PHONE_REVEALED_VALUE } : {},
  };
}
