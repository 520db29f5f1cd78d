import { Link } from "@remix-run/react";
import type { ButtonView, PhoneBoxView } from "~/server/vehicle-page/types";
import { PhoneLink } from "../phone-link";

/**
 * On phones Call and Enquire stay at the bottom of the screen while the vehicle is read
 * (sticky inside the page, so it never covers the footer). A hidden number calls via the phone box,
 * where the visitor reveals it first.
 */
export function StickyActions({ phone, buttons }: { phone: PhoneBoxView; buttons: ButtonView[] }) {
  const enquire = buttons.find((button) => button.id === "enquire_now");
  const callable = phone.number !== null && phone.telHref !== null;
  const enquireHref = enquire && "href" in enquire ? enquire.href : null;
  if (!callable && !phone.revealable && enquireHref === null) return null;
  const base = "flex-1 rounded px-4 py-3 text-center font-semibold";
  return (
    <div
      className="sticky bottom-0 z-30 -mx-4 flex gap-3 border-t border-gray-200 bg-white/95 px-4 py-3 shadow-[0_-2px_8px_rgba(0,0,0,0.08)] lg:hidden"
      data-testid="vehicle-sticky-actions"
      data-sticky-actions=""
    >
      {callable && phone.number ? (
        <PhoneLink phone={phone.number} carId={phone.carId} className={`${base} border-2 border-brand text-brand`} testId="sticky-call">
          Call
        </PhoneLink>
      ) : phone.revealable ? (
        <a href="#phone-box-heading" className={`${base} border-2 border-brand text-brand`} data-testid="sticky-call">
          Call
        </a>
      ) : null}
      {enquire && enquireHref ? (
        <Link to={enquireHref} preventScrollReset className={`${base} bg-brand text-brand-contrast`} data-testid="sticky-enquire">
          {"label" in enquire ? enquire.label.replace(/ now$/i, "") : "Enquire"}
        </Link>
      ) : null}
    </div>
  );
}
