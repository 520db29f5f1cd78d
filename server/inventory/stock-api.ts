import type { Logger } from "~/server/lib/logger";
import type { Site } from "~/server/tenants/schema";
import { vehicleSchema, type Vehicle } from "~/server/stock/vehicle";

export type StockApiConfig = NonNullable<Site["stock_api"]>;

/** found; not_found (HTTP 404); failed (anything else, after the retries — already logged). */
export type StockApiResult = { kind: "found"; vehicle: Vehicle } | { kind: "not_found" } | { kind: "failed" };

// spec 000 §8: a failed vehicle fetch logs this text.
export const FETCH_FAILED_MESSAGE = "Unable to fetch data";
// spec 000 §9: vehicle fetch retries 2, so 3 attempts in all.
export const STOCK_API_RETRIES = 2;
// Not in the spec: a dealer API that has not answered in 5 s is treated as failed, so the page never hangs.
export const STOCK_API_TIMEOUT_MS = 5_000;
const RETRY_DELAY_MS = 150;

export type StockApiOptions = {
  log: Logger;
  fetch?: typeof fetch;
  env?: Readonly<Record<string, string | undefined>>;
  timeoutMs?: number;
  retryDelayMs?: number;
};

class NotFound {}

/** `GET {base_url}/websites/{websiteId}/cars/{slug}.json` (spec 000 §7). */
export function stockApiUrl(config: StockApiConfig, slug: string): string {
  const base = config.base_url.replace(/\/+$/, "");
  return `${base}/websites/${config.website_id}/cars/${encodeURIComponent(slug)}.json`;
}

/** Basic authorisation from the variables the site names; missing credentials are a configuration failure. */
export function basicAuthorization(config: StockApiConfig, environment: Readonly<Record<string, string | undefined>>): string {
  const username = environment[config.username_env];
  const password = environment[config.password_env];
  if (!username || password === undefined) {
    throw new Error(`stock API credentials not set: ${config.username_env} / ${config.password_env}`);
  }
  return `Basic ${Buffer.from(`${username}:${password}`).toString("base64")}`;
}

async function attempt(url: string, authorization: string, options: StockApiOptions): Promise<Vehicle> {
  const doFetch = options.fetch ?? fetch;
  const response = await doFetch(url, {
    headers: { Accept: "application/json", Authorization: authorization },
    signal: AbortSignal.timeout(options.timeoutMs ?? STOCK_API_TIMEOUT_MS),
  });
  if (response.status === 404) {
    await response.body?.cancel();
    throw new NotFound();
  }
  if (!response.ok) throw new Error(`stock API answered ${response.status}`);
  const parsed = vehicleSchema.safeParse(await response.json());
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`stock API sent an invalid vehicle: ${issue ? `${issue.path.join(".")}: ${issue.message}` : "invalid"}`);
  }
  return parsed.data;
}

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * One vehicle from the dealer's stock API. A 404 means not found at once; any other failure
 * (network, timeout, non-OK status, invalid JSON or vehicle) is retried twice, then logged
 * 'Unable to fetch data' (spec 000 §7, §8).
 */
export async function fetchStockApiVehicle(config: StockApiConfig, slug: string, options: StockApiOptions): Promise<StockApiResult> {
  const url = stockApiUrl(config, slug);
  let authorization: string;
  try {
    authorization = basicAuthorization(config, options.env ?? process.env);
  } catch (error) {
    options.log.error({ err: error, url }, FETCH_FAILED_MESSAGE);
    return { kind: "failed" };
  }
  let lastError: unknown;
  for (let attemptNumber = 0; attemptNumber <= STOCK_API_RETRIES; attemptNumber++) {
    if (attemptNumber > 0) await wait((options.retryDelayMs ?? RETRY_DELAY_MS) * attemptNumber);
    try {
      return { kind: "found", vehicle: await attempt(url, authorization, options) };
    } catch (error) {
      if (error instanceof NotFound) return { kind: "not_found" };
      lastError = error;
    }
  }
  options.log.error({ err: lastError, url, attempts: STOCK_API_RETRIES + 1 }, FETCH_FAILED_MESSAGE);
  return { kind: "failed" };
}
