import { useFetcher, useMatches } from "@remix-run/react";
import { maskPhone } from "~/server/stock/phone-mask";
import type { PublicSite } from "~/server/tenants/public-site";
import { revealFetcherKey } from "~/server/vehicle-page/constants";
import type { RevealResponse } from "~/server/vehicle-page/types";

/** A number as the header or footer shows it: masked numbers are not dialled. */
export type ShownPhone = { text: string; dial: boolean };

/** The car whose page hides its numbers until the visitor reveals them (its phone box is revealable). */
function hiddenPhoneCar(data: unknown): number | null {
  if (typeof data !== "object" || data === null || !("phone" in data)) return null;
  const { phone } = data;
  if (typeof phone !== "object" || phone === null || !("revealable" in phone) || !("carId" in phone)) return null;
  return phone.revealable === true && typeof phone.carId === "number" ? phone.carId : null;
}

/**
 * The site header's and footer's numbers. On a vehicle page of a click-to-reveal site (spec 000 §2)
 * they are masked like the phone box — first 5 characters, the rest asterisks — until the phone
 * box's reveal answers (the same fetcher), so no number on the page skips the reveal.
 */
export function useSitePhones(site: Pick<PublicSite, "phone" | "primary_location">): { header: ShownPhone; footer: ShownPhone } {
  const carId = useMatches()
    .map((match) => hiddenPhoneCar(match.data))
    .find((id) => id !== null);
  const reveal = useFetcher<RevealResponse>({ key: revealFetcherKey(carId ?? 0) });
  const revealed = carId !== undefined && reveal.data?.carId === carId ? reveal.data : null;
  const show = (number: string, revealedNumber: string | undefined): ShownPhone => {
    if (carId === undefined) return { text: number, dial: true };
    if (revealedNumber !== undefined) return { text: revealedNumber, dial: true };
    return { text: maskPhone(number), dial: false };
  };
  return {
    header: show(site.phone, revealed?.sitePhone),
    footer: show(site.primary_location.phone, revealed?.primaryPhone),
  };
}
