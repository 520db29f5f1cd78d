import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "~/app/lib/security-headers";
import { STRIPE_JS_URL, stripeCspSources, stripeElementConfig } from "~/server/payments/stripe-element";

describe("the Payment Element's configuration and CSP", () => {
  it("is off without a publishable key, and Stripe.js comes from js.stripe.com by default", () => {
    expect(stripeElementConfig({})).toBeNull();
    expect(stripeElementConfig({ STRIPE_PUBLISHABLE_KEY: "pk_test_1" })).toEqual({ publishableKey: "pk_test_1", scriptUrl: STRIPE_JS_URL });
  });

  it("lists js.stripe.com for scripts and frames and api.stripe.com for calls, on a Stripe tenant only", () => {
    const csp = contentSecurityPolicy("n", true, stripeCspSources({ publishableKey: "pk", scriptUrl: STRIPE_JS_URL }));
    expect(csp).toContain("script-src 'self' 'nonce-n' 'strict-dynamic' https://js.stripe.com");
    expect(csp).toContain("frame-src 'self' https://js.stripe.com");
    expect(csp).toContain("connect-src 'self' https://api.stripe.com");
    expect(contentSecurityPolicy("n", true, stripeCspSources(null))).not.toContain("stripe");
  });

  it("adds nothing for the fake Stripe.js on the shop's own origin", () => {
    expect(contentSecurityPolicy("n", true, stripeCspSources({ publishableKey: "pk", scriptUrl: "/__fakes/stripe/v3.js" }))).not.toContain(
      "stripe",
    );
  });
});
