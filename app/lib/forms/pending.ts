import type { Navigation } from "@remix-run/react";

/**
 * spec 001 §4: the button shows 'Loading' while submitting and while the success page loads —
 * the navigation of this form's POST, through its redirect, until it settles.
 */
export function isSubmitting(navigation: Navigation, formAction: string): boolean {
  if (navigation.state === "idle" || navigation.formMethod === undefined) return false;
  return navigation.formMethod.toUpperCase() === "POST" && navigation.formAction === formAction;
}
