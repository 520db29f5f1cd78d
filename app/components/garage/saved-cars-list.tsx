import type { SavedCarView } from "~/server/garage/saved-car-view";
import { imageUrl } from "~/server/images/image-url";
import { PostForm } from "./post-form";
import { SaveCarButton } from "./save-car-button";
import { SiteLink } from "~/app/components/site-link";

function Marker({ marker }: { marker: "price dropped" | "sold" | null }) {
  if (marker === null) return null;
  const tone = marker === "sold" ? "bg-red-700 text-white" : "bg-green-700 text-white";
  return (
    <span className={`rounded px-2 py-0.5 text-xs font-bold uppercase ${tone}`} data-testid="saved-marker">
      {marker}
    </span>
  );
}

/** Alerts opt-in for one saved car: a POST form (works without JS), only for a signed-in shopper. */
function AlertsToggle({ car, action }: { car: SavedCarView; action: string }) {
  return (
    <PostForm action={action} fields={{ intent: "alerts", car_id: car.id, on: car.alerts ? "0" : "1" }} className="text-sm">
      <button type="submit" className="font-semibold text-brand underline" data-testid="alerts-toggle">
        {car.alerts ? "Stop price-drop and sold emails" : "Email me if the price drops or it sells"}
      </button>
    </PostForm>
  );
}

/**
 * Saved cars with their current price, status and a 'price dropped' or 'sold' marker;
 * a sold car stays listed, a car that is gone says so. Compare takes up to 3 (a GET form the checkboxes join by id, as forms cannot nest).
 */
export function SavedCarsList({ cars, alertsAction }: { cars: SavedCarView[]; alertsAction: string | null }) {
  if (cars.length === 0) return <p data-testid="saved-empty">You have no saved cars yet. Tap the heart on a car to save it.</p>;
  const listed = cars.filter((car) => car.kind === "listed");
  return (
    <div>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="saved-cars">
        {cars.map((car) =>
          car.kind === "gone" ? (
            <li key={car.id} className="rounded-lg bg-white p-4 ring-1 ring-gray-200" data-testid="saved-car" data-vehicle-id={car.id}>
              <p className="font-semibold">This car is no longer available.</p>
            </li>
          ) : (
            <li
              key={car.id}
              className="flex flex-col gap-2 rounded-lg bg-white p-4 ring-1 ring-gray-200"
              data-testid="saved-car"
              data-vehicle-id={car.id}
            >
              {car.image ? (
                <img
                  src={imageUrl(car.image, 384)}
                  alt=""
                  width={384}
                  height={256}
                  className="aspect-[3/2] w-full rounded object-cover"
                  loading="lazy"
                />
              ) : null}
              <h2 className="font-semibold">
                <SiteLink href={car.href} className="hover:underline">
                  {car.title}
                </SiteLink>
              </h2>
              <p className="flex flex-wrap items-center gap-2">
                <span className="text-xl font-bold" data-testid="saved-price">
                  {car.price}
                </span>
                <Marker marker={car.marker} />
              </p>
              {car.marker === "price dropped" && car.savedPrice ? (
                <p className="text-sm text-gray-700">Was {car.savedPrice} when you saved it</p>
              ) : null}
              <p className="text-sm" data-testid="saved-status">
                {car.status === "sold" ? "Sold" : "Available"}
              </p>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <label className="text-sm">
                  <input type="checkbox" name="car" value={car.id} form="compare-form" className="mr-1" />
                  Compare
                </label>
                <SaveCarButton carId={car.id} title={car.title} />
              </div>
              {alertsAction ? <AlertsToggle car={car} action={alertsAction} /> : null}
            </li>
          ),
        )}
      </ul>
      {listed.length > 1 ? (
        <form id="compare-form" method="get" action="/compare">
          <button type="submit" className="mt-4 rounded bg-brand px-4 py-2 font-semibold text-brand-contrast" data-testid="compare-submit">
            Compare selected (up to 3)
          </button>
        </form>
      ) : null}
    </div>
  );
}
