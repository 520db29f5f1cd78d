/**
 * Texts of the reserve page. The spec names the page (spec 000 §2) but shows none of its wording,
 * so these are ours. No card payment is taken on it: that needs the dealer's provider secrets and a
 * reachable Stripe, Till or St George, so the page says plainly that the dealer takes the deposit.
 */
export const RESERVE_MESSAGES = {
  reserveHeading: "Reserve car now",
  buyOnlineHeading: "Buy online",
  submitLabel: "Send reservation request",
  depositNotice: "No payment is taken on this page. Send your details and the dealer will contact you to take the deposit securely.",
  depositToConfirm: "The dealer will confirm the deposit",
  notReservable: "This vehicle can no longer be reserved online. You can still send an enquiry and the dealer will help you.",
  unavailable: "Reserving online is not available right now. Please try again later or send an enquiry.",
} as const;

/** Texts of a deposit taken online (ours; the spec shows none). */
export const DEPOSIT_MESSAGES = {
  payNotice:
    "Pay the deposit securely on the next page to reserve this car. If someone else reserves it first, your deposit is refunded in full.",
  payLabel: "Continue to payment",
  paymentsDown: "Online payment is not available right now. Please try again in a few minutes or send an enquiry.",
  paid: "Thank you: your deposit is paid and the car is reserved for you. The dealer will contact you shortly.",
  pending: "We are confirming your payment with the payment provider. This usually takes a few seconds.",
  refunded:
    "Sorry, this car was reserved by someone else (or sold) just before your payment went through. Your deposit has been refunded in full; it can take 5–10 business days to show.",
  unknown: "We couldn't find that payment. If you paid, the dealer will contact you.",
  /** Our words: the Payment Element's heading and button, and a card the provider declined. */
  cardHeading: "Pay the deposit",
  payNow: "Pay deposit",
  cardFailed: "Your payment did not go through. Please check your card details and try again.",
} as const;
