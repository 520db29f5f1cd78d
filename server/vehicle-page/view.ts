import { dealerRating } from "~/server/content/reviews";
import { directionsHref } from "~/server/events/go-links";
import { vehicleTracking } from "~/server/events/tracking-product";
import { imageUrl, shareImageUrl } from "~/server/images/image-url";
import { formatDistance, formatMoney, formatPercent, telHref } from "~/server/lib/format";
import type { Logger } from "~/server/lib/logger";
import { financeWords, localiseText } from "~/server/lib/spelling";
import { searchUrl } from "~/server/search/url";
import { emptySearchState, withRefinementToggled } from "~/server/search/transitions";
import { isSold } from "~/server/stock/availability";
import { reserveHref, vehicleHref } from "~/server/stock/can-reserve";
import { bodyTypeLabel } from "~/server/stock/body-type";
import { cardChips } from "~/server/stock/card-chips";
import { cardTag } from "~/server/stock/card-tag";
import { certifiedUsedMake } from "~/server/stock/certified-used";
import { financeAvailable, financeOffer, type FinanceOffer } from "~/server/stock/finance-offer";
import { locationLabel } from "~/server/stock/location-label";
import { marketIndicator } from "~/server/stock/market-indicator";
import { cardPhoto, requestPhotosHref, vehiclePhotos } from "~/server/stock/photos";
import { maskPhone } from "~/server/stock/phone-mask";
import { dealerPhone } from "~/server/stock/phone-reveal";
import { priceDisplay, priceTypeFor, salePrice } from "~/server/stock/price-display";
import { similarCtaText } from "~/server/stock/similar";
import { tradeInHref } from "~/server/stock/trade-in";
import { buttonRank, vehicleButtons } from "~/server/stock/vehicle-buttons";
import { REGISTRATION_LABEL, registrationText } from "~/server/stock/registration";
import { vehicleTitle } from "~/server/stock/vehicle-title";
import type { Vehicle } from "~/server/stock/vehicle";
import { wasPrice } from "~/server/stock/was-price";
import type { Tenant } from "~/server/tenants/load";
import { primaryLocation } from "~/server/tenants/public-site";
import type { Location, Site, VehicleButton } from "~/server/tenants/schema";
import { readCalculator } from "./calculator";
import { PHONE_REVEALED_PARAM, PHONE_REVEALED_VALUE, SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH } from "./constants";
import { serializeJsonLd, vehicleJsonLd } from "./json-ld";
import type { ButtonTarget, FinanceView, PhoneBoxView, RevealResponse, SpecRow, VehicleCardView, VehiclePageView } from "./types";
import { financeHref } from "~/server/stock/finance-href";

const META_DESCRIPTION_MAX = 160;

/** The vehicle's own location, else the site's primary one. */
export function vehicleLocation(vehicle: Pick<Vehicle, "location_id">, site: Site): Location {
  return site.locations.find((location) => location.id === vehicle.location_id) ?? primaryLocation(site);
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
    ["body", "Body", body === null ? null : bodyTypeLabel(body)],
    ["seats", "Seats", text(vehicle.seats)],
    ["odometer", "Odometer", formatDistance(vehicle.km, site)],
    ["colour", localiseText("Colour", site.locale), text(vehicle.colour)],
    ["vin", "VIN", text(vehicle.vin)],
    ["registration", REGISTRATION_LABEL, registrationText(vehicle)],
    ["stocknum", "Stock number", text(vehicle.stocknum)],
    ["location", "Location", text(locationLabel(vehicle, site))],
  ];
  // Words a US shopper reads in US usage (Gasoline, Pickup); identifiers stay as they are.
  const local = (key: string, value: string) =>
    key === "vin" || key === "stocknum" || key === "registration" ? value : localiseText(value, site.locale);
  return rows.flatMap(([key, label, value]) =>
    value === null ? [] : [{ key, label: localiseText(label, site.locale), value: local(key, value) }],
  );
}

function financeView(offer: FinanceOffer, site: Site): FinanceView {
  const locale = site.locale;
  const words = financeWords(locale);
  return {
    provider: offer.provider,
    payment: offer.payment && {
      text: offer.payment.text,
      frequencyLabel: offer.payment.frequency === "week" ? "per week" : "per month",
    },
    interestRate: `${formatPercent(offer.interestRate, locale)}${words.perAnnum}`,
    // US lenders quote an APR and no comparison rate.
    comparisonRate: words.comparisonRate === null ? null : `${formatPercent(offer.comparisonRate, locale)}${words.perAnnum}`,
    words,
    term: offer.termMonths === null ? null : `${offer.termMonths} months`,
    balloon: offer.balloon === null ? null : formatMoney(offer.balloon, locale),
    deposit: offer.deposit === null ? null : formatMoney(offer.deposit, locale),
    disclaimer: offer.disclaimer,
  };
}

export function seeMoreHref(tenant: Tenant, vehicle: Vehicle): string {
  return searchUrl(withRefinementToggled(emptySearchState(tenant), "dealership_slug", vehicle.dealership_slug), tenant);
}

function buttonView(id: VehicleButton, vehicle: Vehicle, site: Site, phone: PhoneBoxView): ButtonTarget | null {
  const path = vehicleHref(vehicle, site);
  const label = (words: string) => localiseText(words, site.locale);
  switch (id) {
    case "dealer_phone_box":
      return { id };
    case "payment_methods":
      return site.payment_provider === null ? null : { id, provider: site.payment_provider };
    case "call_us_now": {
      // Until a hidden number is revealed, calling starts at the phone box and its reveal button.
      if (phone.revealable) return { id, label: "Call us now", href: "#phone-box-heading", external: false };
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
      return { id, label: "Open assistant chat", href: `/assistant?vehicle=${encodeURIComponent(vehicle.slug)}`, external: false };
  }
}

export function vehicleCard(vehicle: Vehicle, site: Site): VehicleCardView {
  return {
    id: vehicle.id,
    href: vehicleHref(vehicle, site),
    title: vehicleTitle(vehicle),
    price: localiseText(priceDisplay(vehicle, site).text, site.locale),
    image: cardPhoto(vehicle),
  };
}

function metaDescription(title: string, price: string, vehicle: Vehicle, site: Site, location: Location): string {
  const facts = cardChips(vehicle, site)
    .map((chip) => chip.text)
    .join(", ");
  const sentence = `${title}, ${price.replace(/\.$/, "")}. ${facts}. At ${location.name.replace(" - Sales", "")}, ${location.address.city} ${location.address.state}.`;
  return sentence.length <= META_DESCRIPTION_MAX ? sentence : `${sentence.slice(0, META_DESCRIPTION_MAX - 1).trimEnd()}…`;
}

/**
 * What a reveal shows (spec 000 §2, §7): the dealer's number in the phone box, and the site's
 * numbers that the header and footer mask on the vehicle page until then.
 */
export function revealResponse(vehicle: Vehicle, site: Site, log: Logger): RevealResponse {
  const phone = dealerPhone(vehicle, site, log);
  return {
    carId: vehicle.id,
    phone,
    telHref: telHref(phone),
    sitePhone: site.phone,
    primaryPhone: primaryLocation(site).contact_detail.phone,
  };
}

export type VehiclePageInput = {
  tenant: Tenant;
  vehicle: Vehicle;
  url: URL;
  now: number;
  log: Logger;
  similar: Vehicle[];
  /** The visitor's split-test variant's button order (server/experiments); the site's own when absent. */
  buttonOrder?: VehicleButton[];
};

/** Everything the vehicle page shows, from the stock rules (server/stock) and the request's query. */
export function buildVehiclePage({ tenant, vehicle, url, now, log, similar, buttonOrder }: VehiclePageInput): VehiclePageView {
  const { site } = tenant;
  const path = vehicleHref(vehicle, site);
  const canonical = new URL(path, site.url).toString();
  const title = vehicleTitle(vehicle);
  const price = priceDisplay(vehicle, site);
  const sold = isSold(vehicle);
  const offer = financeOffer(vehicle, site, now);
  const location = vehicleLocation(vehicle, site);
  const images = vehiclePhotos(vehicle);
  const certified = certifiedUsedMake(vehicle, site);

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
  const rating = dealerRating(tenant.home?.reviews);

  // Not in the spec: the calculator shows wherever finance could be offered — a vehicle that may be
  // financed, with a shown price — whether or not a lender has an offer.
  const calculator =
    financeAvailable(vehicle, site) && price.kind === "price"
      ? readCalculator(
          url.searchParams,
          {
            price: price.amount,
            deposit: offer?.deposit ?? null,
            termMonths: offer?.termMonths ?? null,
            interestRate: offer?.interestRate ?? null,
            balloon: offer?.balloon ?? null,
          },
          site.locale,
        )
      : null;

  const absolute = (src: string) => new URL(imageUrl(src, SHARE_IMAGE_WIDTH), site.url).toString();
  const jsonLd = vehicleJsonLd({
    vehicle,
    title,
    url: canonical,
    images: images.map(absolute),
    // The offer's price is the sale price; a subscription is its own weekly offer (docs/decisions.md).
    price: price.kind === "preorder" ? null : salePrice(vehicle),
    subscriptionPerWeek: price.kind === "subscription" ? price.amount : null,
    site,
    seller: {
      name: vehicle.dealership_name || site.name,
      // A hidden number stays out of the structured data until the visitor reveals it.
      telephone: revealed ? number : null,
      location,
    },
  });

  return {
    path,
    rating,
    canonical,
    title,
    metaTitle: `${title} for sale in ${vehicle.city || site.city} | ${site.name}`,
    metaDescription: metaDescription(title, price.text, vehicle, site, location),
    ogImage:
      images[0] === undefined
        ? null
        : new URL(shareImageUrl(images[0], SHARE_IMAGE_WIDTH, SHARE_IMAGE_HEIGHT, "cover"), site.url).toString(),
    siteName: site.name,
    carId: vehicle.id,
    tag: cardTag(vehicle, site, now)?.text ?? null,
    sold,
    price: { text: price.text, kind: price.kind },
    wasPrice: wasPrice(vehicle, site)?.text ?? null,
    priceType: priceTypeFor(price, vehicle.price_type),
    marketIndicator: marketIndicator(vehicle),
    chips: cardChips(vehicle, site),
    specs: specRows(vehicle, site),
    description: text(vehicle.description),
    images,
    requestPhotosHref: requestPhotosHref(vehicle),
    finance: offer ? financeView(offer, site) : null,
    calculator,
    buttons: vehicleButtons(
      vehicle,
      buttonOrder ? { ...site, features: { ...site.features, vehicle_buttons: buttonOrder } } : site,
    ).flatMap((id) => {
      const view = buttonView(id, vehicle, site, phone);
      return view === null ? [] : [{ ...view, rank: buttonRank(id) }];
    }),
    phone,
    location: {
      name: location.name,
      address: location.address.full,
      // Through /go/directions, which records event 41 and redirects to the map.
      mapUrl: directionsHref(location.slug, path),
      hours: location.contact_detail.opening_hours,
    },
    certifiedMake: certified,
    similar: similar.map((candidate) => vehicleCard(candidate, site)),
    similarHeading: sold ? similarCtaText(site) : "Similar vehicles",
    jsonLd: serializeJsonLd(jsonLd),
    open: {
      disclaimer: offer !== null && url.searchParams.get("disclaimer") === "1",
      certified: certified !== null && url.searchParams.get("certified") === "1",
    },
    keepQuery: revealedByQuery ? { [PHONE_REVEALED_PARAM]: PHONE_REVEALED_VALUE } : {},
    tracking: vehicleTracking(vehicle, site, title),
  };
}
