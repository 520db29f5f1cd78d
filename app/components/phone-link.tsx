import type { MouseEvent, ReactNode } from "react";
import { useLocation } from "@remix-run/react";
import { CLICK_TO_CALL_EVENT_ID } from "~/server/events/event-ids";
import { callHref } from "~/server/events/go-links";
import { telHref } from "~/server/lib/format";
import { fireTagEvent, sendEvent } from "../lib/tracking/send-event";
import { useTracking } from "../lib/tracking/use-tracking";
import { useHydrated } from "./vehicle/use-hydrated";

/**
 * A written phone number as a link (spec 000 §2), or as text when it has no digits to dial.
 * Without JavaScript it points at /go/call, which records click-to-call (25) and redirects to tel:;
 * once hydrated it is the tel: link itself and the click sends 25 by beacon — and if the beacon can't
 * be sent, the click goes through /go/call instead, so the call is still counted and still placed.
 */
export function PhoneLink({
  phone,
  className,
  testId,
  carId,
  children,
}: {
  phone: string;
  className?: string;
  testId?: string;
  /** The vehicle whose location number this is, when it is not one of the site's own. */
  carId?: number;
  children?: ReactNode;
}) {
  const hydrated = useHydrated();
  const location = useLocation();
  const tracking = useTracking();
  const tel = telHref(phone);
  const from = `${location.pathname}${location.search}`;
  const go = callHref(phone, from, carId);
  const content = children ?? phone;
  if (tel === null || go === null) {
    return (
      <span className={className} data-testid={testId}>
        {content}
      </span>
    );
  }
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const to = tel.slice("tel:".length);
    fireTagEvent(CLICK_TO_CALL_EVENT_ID, { to });
    if (tracking && !sendEvent(tracking, CLICK_TO_CALL_EVENT_ID, { url: from, event_properties: { to } })) {
      event.preventDefault();
      window.location.assign(go);
    }
  };
  return (
    <a href={hydrated ? tel : go} rel="nofollow" className={className} data-testid={testId} onClick={hydrated ? onClick : undefined}>
      {content}
    </a>
  );
}

/** A number masked until the visitor reveals it (spec 000 §2): the asterisks are not read out. */
export function HiddenPhone({ masked, className, testId }: { masked: string; className?: string; testId?: string }) {
  return (
    <span className={className} data-testid={testId}>
      <span aria-hidden="true">{masked}</span>
      <span className="sr-only">Phone number hidden</span>
    </span>
  );
}
