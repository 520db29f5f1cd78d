import type { CspSources } from "~/server/events/dealer-tags";

/** Stripe.js, from Stripe itself: Stripe asks that it is never bundled or self-hosted. */
export const STRIPE_JS_URL = "https://js.stripe.com/v3/";

/** What the browser needs for the Payment Element: public values only. */
export type StripeElementConfig = { publishableKey: string; scriptUrl: string };

export function stripeElementConfig(env: { STRIPE_PUBLISHABLE_KEY?: string; STRIPE_JS_URL?: string }): StripeElementConfig | null {
  if (!env.STRIPE_PUBLISHABLE_KEY) return null;
  return { publishableKey: env.STRIPE_PUBLISHABLE_KEY, scriptUrl: env.STRIPE_JS_URL ?? STRIPE_JS_URL };
}

const NONE: CspSources = { script: [], connect: [], img: [], frame: [], font: [] };

/**
 * The hosts Stripe.js needs (Stripe's CSP guide: js.stripe.com for the script and its frames, api.stripe.com for
 * its calls), only on a Stripe tenant's pages. A script on our own origin (the DEMO_FAKES fake) needs nothing: 'self'.
 */
export function stripeCspSources(config: StripeElementConfig | null): CspSources {
  if (!config || !/^https:\/\//.test(config.scriptUrl)) return NONE;
  const script = new URL(config.scriptUrl).origin;
  return { script: [script], connect: ["https://api.stripe.com"], img: [], frame: [script], font: [] };
}

export function mergeCspSources(a: CspSources, b: CspSources): CspSources {
  const merged = (x: string[], y: string[]) => [...new Set([...x, ...y])];
  return {
    script: merged(a.script, b.script),
    connect: merged(a.connect, b.connect),
    img: merged(a.img, b.img),
    frame: merged(a.frame, b.frame),
    font: merged(a.font, b.font),
  };
}
