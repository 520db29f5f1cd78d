import type { SerializeFrom } from "@remix-run/node";
import type { CarSummary } from "~/server/handlers/shared/car";
import { SiteLink } from "~/app/components/site-link";

/**
 * The car a form page (a lead form's, a flow's) is about, linking to it; a car carried over from the
 * last enquiry says so and offers to let it go (forgetHref).
 */
export function FormVehicle({ car, forgetHref = null }: { car: SerializeFrom<CarSummary> | null; forgetHref?: string | null }) {
  if (!car) return null;
  const link = (
    <SiteLink className="font-semibold text-brand underline" href={car.href}>
      {car.title}
    </SiteLink>
  );
  return forgetHref ? (
    <p data-testid="form-vehicle">
      Your enquiry is about {link}{" "}
      <SiteLink className="text-sm underline" href={forgetHref} data-testid="form-vehicle-remove">
        Not this car
      </SiteLink>
    </p>
  ) : (
    <p data-testid="form-vehicle">About: {link}</p>
  );
}
