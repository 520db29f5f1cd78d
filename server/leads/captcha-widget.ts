import type { CspSources } from "~/server/events/dealer-tags";

export type CaptchaProvider = "turnstile" | "hcaptcha";

type ProviderFacts = {
  /** The provider's widget script, loaded for explicit rendering so a client-side navigation renders it too. */
  scriptUrl: string;
  /** Where the server checks a token (form fields secret, response, remoteip). */
  verifyUrl: string;
  /** The hidden field the widget writes its token into, posted with the form. */
  tokenField: string;
  /** The container class the provider documents (implicit rendering looks for it). */
  containerClass: string;
  /** The browser global the script defines. */
  global: "turnstile" | "hcaptcha";
  /** The hosts the providers' CSP guides list for the script, its frames and its calls. */
  csp: Pick<CspSources, "script" | "frame" | "connect">;
};

/** Cloudflare Turnstile and hCaptcha, as their documentation describes them. */
export const CAPTCHA_PROVIDERS: Record<CaptchaProvider, ProviderFacts> = {
  turnstile: {
    scriptUrl: "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit",
    verifyUrl: "https://challenges.cloudflare.com/turnstile/v0/siteverify",
    tokenField: "cf-turnstile-response",
    containerClass: "cf-turnstile",
    global: "turnstile",
    csp: { script: ["https://challenges.cloudflare.com"], frame: ["https://challenges.cloudflare.com"], connect: [] },
  },
  hcaptcha: {
    scriptUrl: "https://js.hcaptcha.com/1/api.js?render=explicit",
    verifyUrl: "https://api.hcaptcha.com/siteverify",
    tokenField: "h-captcha-response",
    containerClass: "h-captcha",
    global: "hcaptcha",
    csp: {
      script: ["https://hcaptcha.com", "https://*.hcaptcha.com"],
      frame: ["https://hcaptcha.com", "https://*.hcaptcha.com"],
      connect: ["https://hcaptcha.com", "https://*.hcaptcha.com"],
    },
  },
};

/** Every field a widget posts (hCaptcha adds g-recaptcha-response): kept out of what a refused form echoes back. */
export const CAPTCHA_TOKEN_FIELDS = ["cf-turnstile-response", "h-captcha-response", "g-recaptcha-response"];

/** What a form page hands the browser: public values only (never the secret). */
export type CaptchaWidget = {
  provider: CaptchaProvider;
  siteKey: string;
  scriptUrl: string;
  tokenField: string;
  containerClass: string;
  global: "turnstile" | "hcaptcha";
};

export function captchaWidget(provider: CaptchaProvider, siteKey: string, scriptUrlOverride?: string): CaptchaWidget {
  const facts = CAPTCHA_PROVIDERS[provider];
  return {
    provider,
    siteKey,
    scriptUrl: scriptUrlOverride ?? facts.scriptUrl,
    tokenField: facts.tokenField,
    containerClass: facts.containerClass,
    global: facts.global,
  };
}

const NONE: CspSources = { script: [], connect: [], img: [], frame: [], font: [] };

/**
 * The provider's hosts, only on a captcha tenant's pages. A script on our own origin (the DEMO_FAKES
 * fake widget) needs nothing beyond 'self'.
 */
export function captchaCspSources(widget: CaptchaWidget | null): CspSources {
  if (!widget || !/^https:\/\//.test(widget.scriptUrl)) return NONE;
  const { csp } = CAPTCHA_PROVIDERS[widget.provider];
  return { script: [...csp.script], connect: [...csp.connect], img: [], frame: [...csp.frame], font: [] };
}
