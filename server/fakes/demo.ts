import { request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import type { Logger } from "~/server/lib/logger";
import type { Tenant } from "~/server/tenants/load";
import { createFakeDashboard } from "./dashboard";
import { createFakeDealerApi } from "./dealer-api";
import { demoManufacturers } from "./demo-manufacturers";
import { createFakeStripe } from "./stripe";
import { createFakeStGeorge } from "./st-george";
import { createFakeTill } from "./till";
import { createFakeLeadReceiver } from "./lead-receiver";
import { createFakeCaptcha } from "./captcha";

/**
 * DEMO_FAKES=1: the fake dealer platform, fake Stripe and fake Till inside the same server under
 * /__fakes/…, and the demo tenants pointed at them, so one command shows real slot pickers and test deposits end to
 * end (harbourside: Stripe; southern-used: Till, as its site.json names), and a captcha on outback-4x4's
 * forms with a fake widget and a fake siteverify.
 */
export const DEMO_FAKES_PREFIX = "/__fakes";
const DEALER_USER = "demo";
const DEALER_PASSWORD = "demo-fakes";
const WEBHOOK_SECRET = "whsec_demo_fakes";
const TILL = { apiKey: "till-demo-fakes", username: "demo", password: "demo-fakes", sharedSecret: "till-secret-demo-fakes" };
const ST_GEORGE = {
  storeId: "5920000001",
  sharedSecret: "ipg-secret-demo-fakes",
  apiKey: "ipg-demo-fakes",
  apiSecret: "ipg-api-secret-demo-fakes",
};
// Demo tenants with slots from the fake dealer API (deposits follow each site's payment_provider).
const SLOT_TENANTS = ["harbourside"];
// Demo tenants whose leads also go to a webhook and ADF over HTTP: the fake CRM receiver answers both.
const LEAD_RECEIVER_TENANTS = ["harbourside"];
// Demo tenants whose site notice comes from the fake dealer dashboard (website_session_data).
const DASHBOARD_NOTICES: Record<string, { text: string; url: string | null }> = {
  "ridgeline-moto": { text: "Our workshop is booked two weeks ahead: book your bike's service early.", url: "/service" },
};
const LEAD_WEBHOOK_SECRET = "lead-webhook-secret-demo-fakes";
const LEAD_WEBHOOK_SECRET_ENV = "DEMO_FAKES_LEAD_WEBHOOK_SECRET";
// Demo tenants with a Turnstile captcha on their lead forms, on the fake widget and siteverify. Given here and not in
// their site.json: there the captcha would need a secret that a plain `npm start` does not have (a warning at
// every start, and forms without the captcha anyway).
const CAPTCHA_TENANTS = ["outback-4x4"];
// Cloudflare's always-passing test keys.
const CAPTCHA_SECRET = "1x0000000000000000000000000000000AA";
const CAPTCHA_SECRET_ENV = "DEMO_FAKES_CAPTCHA_SECRET";

/** The captcha a demo tenant gets under DEMO_FAKES (its secret is in demoFakesEnv). */
export function withDemoCaptcha(tenant: Tenant): void {
  tenant.site.leads.captcha = { provider: "turnstile", site_key: "1x00000000000000000000AA", secret_env: CAPTCHA_SECRET_ENV, fail: "open" };
}

/** The environment DEMO_FAKES sets before it is read: Stripe keys and API base, the fake dealer API's credentials. */
export function demoFakesEnv(port: number): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: "sk_test_demo_fakes",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    // The client uses host and port only: the server answers /v1/* with the fake (server/http/app.ts).
    STRIPE_API_BASE: `http://127.0.0.1:${port}`,
    // The Payment Element with the fake Stripe.js on the shop's own origin (CSP 'self').
    STRIPE_PUBLISHABLE_KEY: "pk_test_demo_fakes",
    STRIPE_JS_URL: `${DEMO_FAKES_PREFIX}/stripe/v3.js`,
    TILL_API_KEY: TILL.apiKey,
    TILL_USERNAME: TILL.username,
    TILL_PASSWORD: TILL.password,
    TILL_SHARED_SECRET: TILL.sharedSecret,
    TILL_API_BASE: `http://127.0.0.1:${port}${DEMO_FAKES_PREFIX}/till`,
    // No demo site names St George; a site switched to it (payment_provider "St George") pays on this fake.
    STGEORGE_STORE_ID: ST_GEORGE.storeId,
    STGEORGE_SHARED_SECRET: ST_GEORGE.sharedSecret,
    STGEORGE_API_KEY: ST_GEORGE.apiKey,
    STGEORGE_API_SECRET: ST_GEORGE.apiSecret,
    STGEORGE_CONNECT_URL: `http://127.0.0.1:${port}${DEMO_FAKES_PREFIX}/st-george/connect/gateway/processing`,
    STGEORGE_API_BASE: `http://127.0.0.1:${port}${DEMO_FAKES_PREFIX}/st-george/api`,
    DEMO_FAKES_DEALER_USER: DEALER_USER,
    DEMO_FAKES_DEALER_PASSWORD: DEALER_PASSWORD,
    [LEAD_WEBHOOK_SECRET_ENV]: LEAD_WEBHOOK_SECRET,
    // The demo captcha (withDemoCaptcha): the fake widget and the fake siteverify.
    [CAPTCHA_SECRET_ENV]: CAPTCHA_SECRET,
    CAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}${DEMO_FAKES_PREFIX}/captcha/siteverify`,
    CAPTCHA_SCRIPT_URL: `${DEMO_FAKES_PREFIX}/captcha/api.js`,
  };
}

/**
 * harbourside's slots and brand ranges come from the fake dealer API; its leads also go to the fake CRM
 * receiver. ridgeline-moto's site notice comes from the fake dashboard.
 */
export function pointTenantsAtFakes(tenants: readonly Tenant[], port: number): void {
  for (const tenant of tenants) {
    if (CAPTCHA_TENANTS.includes(tenant.slug)) withDemoCaptcha(tenant);
    if (DASHBOARD_NOTICES[tenant.slug]) {
      tenant.site.dashboard = {
        base_url: `http://127.0.0.1:${port}${DEMO_FAKES_PREFIX}/dashboard`,
        staging_base_url: null,
        staging: false,
      };
    }
    if (LEAD_RECEIVER_TENANTS.includes(tenant.slug)) {
      const receiver = `http://127.0.0.1:${port}${DEMO_FAKES_PREFIX}/lead-receiver`;
      tenant.site.leads.webhook = { url: `${receiver}/webhook`, secret_env: LEAD_WEBHOOK_SECRET_ENV };
      tenant.site.leads.adf = { url: `${receiver}/adf` };
    }
    if (!SLOT_TENANTS.includes(tenant.slug)) continue;
    tenant.site.dealer_api = {
      base_url: `http://127.0.0.1:${port}${DEMO_FAKES_PREFIX}/dealer-api`,
      username_env: "DEMO_FAKES_DEALER_USER",
      password_env: "DEMO_FAKES_DEALER_PASSWORD",
      appointment: true,
      service: true,
    };
  }
}

/** POSTs a provider's notification to this server with the shop's Host, as the provider would call the site. */
function postToSelf(
  port: number,
  log: Logger,
  target: URL,
  body: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        path: target.pathname + target.search,
        method: "POST",
        headers: { ...headers, Host: target.host, "Content-Length": Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
      },
    );
    req.on("error", (error) => {
      log.warn({ err: error, path: target.pathname }, "a fake provider could not deliver its notification");
      resolve({ status: 0, body: "" });
    });
    req.end(body);
  });
}

/** The /__fakes/* handler: dealer dashboard, dealer API, Stripe, Till and St George (APIs and hosted payment pages), the CRM receiver, the captcha. */
export function demoFakesHandler(
  port: number,
  log: Logger,
  tenants: readonly Tenant[],
): (req: IncomingMessage, res: ServerResponse, path: string) => void {
  const dashboard = createFakeDashboard();
  for (const tenant of tenants) {
    const notice = DASHBOARD_NOTICES[tenant.slug];
    if (notice) dashboard.websites.set(tenant.site.id, { notice });
  }
  const dealer = createFakeDealerApi({ username: DEALER_USER, password: DEALER_PASSWORD });
  for (const [slug, data] of Object.entries(demoManufacturers())) dealer.manufacturers.set(slug, data);
  const stripe = createFakeStripe({
    webhookSecret: WEBHOOK_SECRET,
    // The hosted page is on the shopper's own host, so a relative address works for every tenant.
    publicBase: () => `${DEMO_FAKES_PREFIX}/stripe`,
    // The signed notification goes to this server with the shop's Host, as Stripe would call the site.
    deliver: (body, signature, session) =>
      new Promise((resolve) => {
        const target = new URL(session.success_url);
        const req = httpRequest(
          {
            host: "127.0.0.1",
            port,
            path: "/webhooks/stripe",
            method: "POST",
            headers: {
              Host: target.host,
              "Content-Type": "application/json",
              "Content-Length": Buffer.byteLength(body),
              "Stripe-Signature": signature,
            },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on("error", (error) => {
          log.warn({ err: error }, "fake Stripe could not deliver its webhook");
          resolve(0);
        });
        req.end(body);
      }),
  });
  const till = createFakeTill({
    ...TILL,
    publicBase: () => `${DEMO_FAKES_PREFIX}/till`,
    deliver: (transaction, body, headers) => postToSelf(port, log, new URL(transaction.callbackUrl), body, headers),
  });
  const stGeorge = createFakeStGeorge({
    ...ST_GEORGE,
    deliver: (order, body) =>
      postToSelf(port, log, new URL(order.notifyUrl), body, { "Content-Type": "application/x-www-form-urlencoded" }),
  });
  const leads = createFakeLeadReceiver({ secret: LEAD_WEBHOOK_SECRET });
  const captcha = createFakeCaptcha({ secret: CAPTCHA_SECRET });
  return (req, res, path) => {
    if (path.startsWith("/captcha/")) return captcha.handle(req, res, path.slice("/captcha".length));
    if (path.startsWith("/lead-receiver/")) return leads.handle(req, res, path.slice("/lead-receiver".length));
    if (path.startsWith("/st-george/")) return stGeorge.handle(req, res, path.slice("/st-george".length));
    if (path.startsWith("/till/")) return till.handle(req, res, path.slice("/till".length));
    if (path.startsWith("/dashboard/")) return dashboard.handle(req, res, path.slice("/dashboard".length));
    if (path.startsWith("/dealer-api/")) return dealer.handle(req, res, path.slice("/dealer-api".length));
    if (path.startsWith("/stripe/")) return stripe.handle(req, res, path.slice("/stripe".length));
    res.writeHead(404, { "Content-Type": "text/plain" });
    res.end("No such fake");
  };
}
