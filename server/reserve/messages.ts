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
