import http from "node:http";
import https from "node:https";
import { test as base, expect, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";

const port = Number(process.env.E2E_PORT ?? 3100);

/**
 * BASE_URL points the suite at one running site (a staging copy, a container, another machine);
 * without it the suite starts its own servers and visits each demo dealer at `<slug>.localhost`.
 */
export const external = Boolean(process.env.BASE_URL);

/** The address of a demo tenant: `<slug>.localhost` locally, or the one BASE_URL site when given. */
export function tenantUrl(slug: string, path = "/"): string {
  const site = process.env.BASE_URL;
  if (site) return new URL(path, site).toString();
  return `http://${slug}.localhost:${port}${path}`;
}

/**
 * The demo dealers a test loops over locally; against BASE_URL the one site, named by E2E_TENANT
 * (`npm run qa` sets it to the slug the site reports), so a flow runs once, not once per demo dealer.
 */
export function siteTenants<T extends string>(all: readonly T[]): readonly string[] {
  return external ? [process.env.E2E_TENANT ?? "site"] : all;
}

/** The token the QA read-back API wants (the local e2e server is started with the same default). */
export const QA_TOKEN = process.env.QA_TOKEN ?? "e2e-qa-token-0123456789abcdef";

/**
 * GET a path of a tenant's site from the test process (not the browser), with the QA token.
 * `*.localhost` names are reached on 127.0.0.1 (Node does not resolve them), and E2E_CONNECT_HOST
 * (`npm run qa -- --tenant-host`) reaches the site's address while the Host header names the dealer.
 */
export function siteGet(slug: string, path: string): Promise<{ status: number; body: string; location: string | null }> {
  const url = new URL(tenantUrl(slug, path));
  const connect = process.env.E2E_CONNECT_HOST ?? (url.hostname.endsWith(".localhost") ? "127.0.0.1" : url.hostname);
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      {
        host: connect,
        servername: url.hostname,
        port: url.port || (url.protocol === "https:" ? 443 : 80),
        path: `${url.pathname}${url.search}`,
        headers: { host: url.host, authorization: `Bearer ${QA_TOKEN}`, accept: "application/json" },
        timeout: 15_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString("utf8"),
            location: response.headers.location ?? null,
          }),
        );
      },
    );
    request.on("timeout", () => request.destroy(new Error(`GET ${url.href}: no answer in 15 s`)));
    request.on("error", reject);
    request.end();
  });
}

/** The dealer's finance form page: every other finance path redirects to it (site.json features.finance_route). */
export async function financeRoute(slug: string): Promise<string> {
  const reply = await siteGet(slug, "/finance");
  return reply.status >= 300 && reply.status < 400 && reply.location ? new URL(reply.location, tenantUrl(slug)).pathname : "/finance";
}

/**
 * The vehicle pages a site lists on its used-car search, in order, as HTML read by the test process
 * (no browser navigation): `{path, id, html}` for each, up to `limit`.
 */
export async function listedUsedVehicles(slug: string, limit: number): Promise<Array<{ path: string; id: string; html: string }>> {
  const search = await siteGet(slug, "/search/used-cars");
  // Each card's Details link, whatever order its attributes are written in.
  const links = [...search.body.matchAll(/<a [^>]*data-testid="card-details"[^>]*>/g)].map((match) => match[0]);
  const hrefs = links.flatMap((link) => /\shref="([^"]+)"/.exec(link)?.[1] ?? []);
  const vehicles = [];
  for (const href of hrefs.slice(0, limit)) {
    const path = new URL(href.replace(/&amp;/g, "&"), tenantUrl(slug)).pathname;
    const page = await siteGet(slug, path);
    const id = /data-testid="vehicle-page" data-car-id="([^"]+)"/.exec(page.body)?.[1];
    if (page.status === 200 && id) vehicles.push({ path, id, html: page.body });
  }
  return vehicles;
}

export const test = base;
export { expect };

/** Fails on serious or critical axe violations, listing them so the report says what to fix. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.length} nodes)`)).toEqual([]);
}
