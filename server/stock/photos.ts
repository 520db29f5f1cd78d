import type { Vehicle } from "./vehicle";

/**
 * The names dealer tools give the stock picture they upload when there is no photo yet:
 * placeholder.jpg, no-image.png, noimage.gif, image-coming-soon.jpg, awaiting-photos.png…
 */
const PLACEHOLDER_NAME =
  /(placeholder|no[-_ ]?(image|photo|pic|picture)s?|(image|photo|picture)s?[-_ ]?(coming|unavailable|not[-_ ]?available|to[-_ ]?come)|coming[-_ ]?soon|awaiting[-_ ]?(image|photo)s?)/i;

/** A placeholder picture's address, judged by its file name (the path's last part, query ignored). */
export function isPlaceholderImage(url: string): boolean {
  const path = url.trim().split(/[?#]/)[0] ?? "";
  const name = path.slice(path.lastIndexOf("/") + 1);
  let decoded = name;
  try {
    decoded = decodeURIComponent(name);
  } catch {
    // a malformed escape: judge the name as written
  }
  return PLACEHOLDER_NAME.test(decoded);
}

type PhotoVehicle = Pick<Vehicle, "images" | "primary_image_url" | "photos_count">;

/**
 * spec 000 §2: the vehicle's real photos in order (the gallery list, else the primary image). A
 * placeholder image counts as no photo, and so does a photo count of 0 (the feed says it has none).
 * Cards, similar vehicles, the gallery, og:image and JSON-LD all show these.
 */
export function vehiclePhotos(vehicle: PhotoVehicle): string[] {
  if (vehicle.photos_count <= 0) return [];
  const real = (url: string) => url !== "" && !isPlaceholderImage(url);
  const gallery = vehicle.images.map((entry) => entry.image.url.trim()).filter(real);
  if (gallery.length > 0) return gallery;
  const primary = vehicle.primary_image_url?.trim() ?? "";
  return real(primary) ? [primary] : [];
}

/** The picture a card shows, or null for the 'new arrival' placeholder with Request Photos. */
export function cardPhoto(vehicle: PhotoVehicle): string | null {
  return vehiclePhotos(vehicle)[0] ?? null;
}

/**
 * spec 000 §2: the 'Request Photos' form (message optional, spec 001 §5) with the car attached,
 * from a card or the vehicle page alike.
 */
export function requestPhotosHref(vehicle: Pick<Vehicle, "id">): string {
  return `/request-photos?car_id=${vehicle.id}`;
}
