import { Link } from "@remix-run/react";
import { PhoneBox } from "./phone-box";
import type { ButtonView, LinkButton, PhoneBoxView } from "~/server/vehicle-page/types";

const buttonClass =
  "block rounded bg-brand px-4 py-3 text-center font-semibold text-brand-contrast hover:opacity-90 focus-visible:outline focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-brand";

// The enquiry, test-drive and reserve dialogs are child routes: a client-side link opens them over the page without a reload.
const dialogButtons: ReadonlySet<LinkButton["id"]> = new Set(["enquire_now", "book_test_drive", "reserve_car_now"]);

function LinkAsButton({ button }: { button: LinkButton }) {
  if (dialogButtons.has(button.id) && !button.external) {
    return (
      <Link to={button.href} preventScrollReset className={buttonClass} data-testid={`vehicle-button-${button.id}`}>
        {button.label}
      </Link>
    );
  }
  const external = button.external ? { target: "_blank", rel: "noreferrer" } : {};
  return (
    <a href={button.href} {...external} className={buttonClass} data-testid={`vehicle-button-${button.id}`}>
      {button.label}
      {button.external ? <span className="sr-only"> (opens in a new tab)</span> : null}
    </a>
  );
}

/** spec 000 §2: the site's vehicle page buttons in vehicleButtons() order. */
export function DealerButtons({ buttons, phone, action }: { buttons: ButtonView[]; phone: PhoneBoxView; action: string }) {
  return (
    <ul className="space-y-3" data-testid="vehicle-buttons">
      {buttons.map((button) => (
        <li key={button.id}>
          {button.id === "dealer_phone_box" ? (
            <PhoneBox phone={phone} action={action} />
          ) : button.id === "payment_methods" ? (
            <p className="rounded-lg border border-gray-200 bg-white p-3 text-sm" data-testid="vehicle-button-payment_methods">
              Reserve with a deposit via <strong>{button.provider}</strong>.
            </p>
          ) : (
            <LinkAsButton button={button} />
          )}
        </li>
      ))}
    </ul>
  );
}
