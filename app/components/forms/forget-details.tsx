import { Form, useLocation } from "@remix-run/react";

/** Shown under a form that was pre-filled from the visitor's stored details. */
export function ForgetDetails() {
  const location = useLocation();
  return (
    <Form method="post" action="/forget-my-details" className="mt-4 text-sm text-gray-700" data-testid="forget-details">
      <input type="hidden" name="return_to" value={`${location.pathname}${location.search}`} />
      <span>We filled in the details you gave us last time. </span>
      <button type="submit" className="font-medium underline focus-visible:outline focus-visible:outline-2">
        Forget my details
      </button>
    </Form>
  );
}
