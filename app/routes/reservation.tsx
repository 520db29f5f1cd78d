import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { reservationStatus } from "~/server/handlers/payments/reservation-status";
import { SiteLink } from "~/app/components/site-link";

/** /reservation?session_id=… or ?payment_intent=…: the deposit's outcome after the provider's page. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return reservationStatus(request, context);
}

export const meta: MetaFunction = () => [{ title: "Your reservation" }];

export default function ReservationRoute() {
  const status = useLoaderData<typeof loader>();
  return (
    <section
      className="mx-auto max-w-2xl space-y-4 px-4 py-6"
      aria-labelledby="reservation-title"
      data-testid="reservation-status"
      data-status={status.status}
    >
      <h1 id="reservation-title" className="text-2xl font-bold">
        Your reservation
      </h1>
      <p role="status">{status.message}</p>
      {status.amount ? <p>{`Deposit: ${status.amount}`}</p> : null}
      {status.refreshHref ? (
        <p>
          <SiteLink href={status.refreshHref} className="font-semibold text-brand underline">
            Check again
          </SiteLink>
        </p>
      ) : null}
      {status.vehicleHref ? (
        <p>
          <SiteLink href={status.vehicleHref} className="text-brand underline">
            Back to the car
          </SiteLink>
        </p>
      ) : null}
    </section>
  );
}
