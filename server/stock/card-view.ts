import type { Site } from "~/server/tenants/schema";
import { isAvailable, isSold } from "./availability";
import { canReserve, reserveHref, vehicleHref } from "./can-reserve";
import { cardChips, type CardChip } from "./card-chips";
import { cardTag, type CardTag } from "./card-tag";
import { financeHref } from "./finance-href";
import { financeAvailable } from "./finance-offer";
import { locationLabel } from "./location-label";
import { cardPhoto, requestPhotosHref } from "./photos";
import { priceDisplay, priceTypeFor, type PriceDisplay } from "./price-display";
import { similarCtaText } from "./similar";
import type { Vehicle } from "./vehicle";
import { vehicleTitle } from "./vehicle-title";
import { wasPrice } from "./was-price";

/**
 * Everything a vehicle card shows, decided on the server by the rules; the component only renders it.
 * Nothing it does not draw: 21 cards ride in every results page's data. `href` is also the Details link.
 */
export type CardView = {
  id: number;
  href: string;
  title: string;
  image: string | null;
  tag: CardTag | null;
  location: string;
  chips: Array<Pick<CardChip, "label" | "text">>;
  price: Pick<PriceDisplay, "kind" | "text">;
  priceType: string | null;
  wasPrice: string | null;
  available: boolean;
  links: {
    enquire: string;
    finance: string | null;
    reserve: string | null;
    similar: { href: string; text: string } | null;
    requestPhotos: string | null;
  };
};

/** spec 000 §2 vehicle card: available cars get Enquire, finance, details, reserve; others 'Find Me Something Similar'. */
export function cardView(vehicle: Vehicle, site: Site, now: number, searchPath: string): CardView {
  const href = vehicleHref(vehicle, site);
  const available = isAvailable(vehicle) && !isSold(vehicle);
  const price = priceDisplay(vehicle, site);
  const was = wasPrice(vehicle, site);
  const image = cardPhoto(vehicle);
  const similarQuery = new URLSearchParams();
  if (vehicle.simple_body) similarQuery.set("refinementList[simple_body][0]", vehicle.simple_body);
  return {
    id: vehicle.id,
    href,
    title: vehicleTitle(vehicle),
    image,
    tag: cardTag(vehicle, site, now),
    location: locationLabel(vehicle, site),
    chips: cardChips(vehicle, site).map(({ label, text }) => ({ label, text })),
    price: { kind: price.kind, text: price.text },
    priceType: priceTypeFor(price, vehicle.price_type),
    wasPrice: was?.text ?? null,
    available,
    links: {
      enquire: `${href}/enquire`,
      finance: financeAvailable(vehicle, site) ? financeHref(vehicle, site) : null,
      reserve: available && canReserve(vehicle, site) ? reserveHref(vehicle, site) : null,
      similar: available ? null : { href: `${searchPath}${similarQuery.size > 0 ? `?${similarQuery}` : ""}`, text: similarCtaText(site) },
      requestPhotos: image === null ? requestPhotosHref(vehicle) : null,
    },
  };
}
