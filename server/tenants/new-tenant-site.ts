/**
 * What a new dealer's site.json starts as: a copy of an existing site's, with its own slug, no
 * domains yet (the dealer's hostnames are added by hand; two sites may not share one), no demo stock,
 * and the captcha on (spec 001 §5: a captcha widget is shown by default). The captcha stays off, with
 * a start warning, until the dealer's site key is written in and its secret variable is set.
 */
export function newTenantSite(source: Record<string, unknown>, slug: string): Record<string, unknown> {
  const leads = typeof source.leads === "object" && source.leads !== null ? source.leads : {};
  return {
    ...source,
    slug,
    domains: [],
    demo_stock: false,
    leads: {
      ...leads,
      captcha: {
        provider: "turnstile",
        site_key: "REPLACE-WITH-THE-DEALERS-TURNSTILE-SITE-KEY",
        secret_env: captchaSecretEnv(slug),
        fail: "open",
      },
    },
  };
}

/** harbourside-north → HARBOURSIDE_NORTH_CAPTCHA_SECRET */
export function captchaSecretEnv(slug: string): string {
  return `${slug.toUpperCase().replace(/[^A-Z0-9]+/g, "_")}_CAPTCHA_SECRET`;
}
