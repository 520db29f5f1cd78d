import { Link } from "@remix-run/react";
import { AssistantChatLink } from "../assistant/assistant-dialog";
import { PhoneBox } from "./phone-box";
import type { ButtonView, LinkButton, PhoneBoxView } from "~/server/vehicle-page/types";

const focusRing = "focus-visible:outline focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-brand";
// One primary action, two secondary, the rest as a compact list.
const linkClass: Record<ButtonView["rank"], string> = {
  primary: `block rounded bg-brand px-4 py-3 text-center text-lg font-bold text-brand-contrast hover:opacity-90 ${focusRing}`,
  secondary: `block rounded border-2 border-brand bg-white px-3 py-2.5 text-center font-semibold text-brand hover:bg-gray-50 ${focusRing}`,
  // The arrow is drawn by CSS with empty alternative text, so it is not part of the link's name.
  more: `more-arrow flex items-center justify-between gap-2 px-1 py-2.5 font-semibold text-gray-900 underline-offset-2 hover:underline ${focusRing}`,
};

// The enquiry, test-drive and reserve dialogs are child routes: a client-side link opens them over the page without a reload.
const dialogButtons: ReadonlySet<LinkButton["id"]> = new Set(["enquire_now", "book_test_drive", "reserve_car_now"]);

function LinkAsButton({ button, rank }: { button: LinkButton; rank: ButtonView["rank"] }) {
  const className = linkClass[rank];
  if (dialogButtons.has(button.id) && !button.external) {
    return (
      <Link to={button.href} preventScrollReset className={className} data-testid={`vehicle-button-${button.id}`}>
        {button.label}
      </Link>
    );
  }
  if (button.id === "open_assistant_chat") {
    return <AssistantChatLink href={button.href} label={button.label} className={className} testId={`vehicle-button-${button.id}`} />;
  }
  const external = button.external ? { target: "_blank", rel: "noreferrer" } : {};
  return (
    <a href={button.href} {...external} className={className} data-testid={`vehicle-button-${button.id}`}>
      <span>
        {button.label}
        {button.external ? <span className="sr-only"> (opens in a new tab)</span> : null}
      </span>
    </a>
  );
}

function ButtonItem({ button, phone, action }: { button: ButtonView; phone: PhoneBoxView; action: string }) {
  if (button.id === "dealer_phone_box") return <PhoneBox phone={phone} action={action} />;
  if (button.id === "payment_methods") {
    return (
      <p className="py-2 text-sm" data-testid="vehicle-button-payment_methods">
        Reserve with a deposit via <strong>{button.provider}</strong>.
      </p>
    );
  }
  return <LinkAsButton button={button} rank={button.rank} />;
}

/** spec 000 §2: the site's vehicle page buttons, each rank in vehicleButtons() order. */
export function DealerButtons({ buttons, phone, action }: { buttons: ButtonView[]; phone: PhoneBoxView; action: string }) {
  const ranked = (rank: ButtonView["rank"]) => buttons.filter((button) => button.rank === rank);
  const [primary, secondary, more] = [ranked("primary"), ranked("secondary"), ranked("more")];
  return (
    <div className="space-y-3" data-testid="vehicle-buttons">
      {primary.map((button) => (
        <ButtonItem key={button.id} button={button} phone={phone} action={action} />
      ))}
      {secondary.length > 0 ? (
        <ul className="grid grid-cols-2 gap-3">
          {secondary.map((button) => (
            <li key={button.id} className={secondary.length === 1 ? "col-span-2" : undefined}>
              <ButtonItem button={button} phone={phone} action={action} />
            </li>
          ))}
        </ul>
      ) : null}
      {more.length > 0 ? (
        <ul className="divide-y divide-gray-200 border-y border-gray-200">
          {more.map((button) => (
            <li key={button.id} className={button.id === "dealer_phone_box" ? "py-3" : undefined}>
              <ButtonItem button={button} phone={phone} action={action} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
