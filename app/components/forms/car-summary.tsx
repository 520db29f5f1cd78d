import type { SerializeFrom } from "@remix-run/node";
import type { CarSummary as Car } from "~/server/handlers/shared/car";
import { imageUrl } from "~/server/images/image-url";

/** The car a dialog's form is about: its photo, title and price, so the shopper knows what they are asking about. */
export function CarSummary({ car }: { car: SerializeFrom<Car> }) {
  return (
    <span className="flex items-center gap-3" data-testid="form-car">
      {car.image ? (
        <img
          src={imageUrl(car.image, 256)}
          alt=""
          width={96}
          height={72}
          className="h-[72px] w-24 shrink-0 rounded object-cover"
          decoding="async"
        />
      ) : null}
      <span className="flex flex-col">
        <span className="font-semibold text-gray-900">{car.title}</span>
        <span className="text-lg font-bold text-gray-900" data-testid="form-car-price">
          {car.price}
        </span>
      </span>
    </span>
  );
}
