/** Names shared by the vehicle route, its server modules and its components (safe in the browser). */

// spec 001 §9: social share image 1200x630, cropped by /_image (fit=cover for photos).
export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;

export const REVEAL_INTENT = "reveal-phone";

/**
 * The fetcher the phone box reveals with, shared by the site header and footer so one reveal
 * unmasks every number on the page; one per car, so revealing one car never unmasks another.
 */
export function revealFetcherKey(carId: number): string {
  return `phone-reveal-${carId}`;
}
// spec 000 §2
export const REVEAL_LABEL = "Click to reveal phone number";

/** `?phone=revealed`: the GET after a no-JS reveal shows the number (the POST did the recording). */
export const PHONE_REVEALED_PARAM = "phone";
export const PHONE_REVEALED_VALUE = "revealed";
