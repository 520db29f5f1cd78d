import type { Logger } from "~/server/lib/logger";
import type { Site } from "~/server/tenants/schema";
import { dealerApiError } from "./response-error";

export type DealerApiConfig = NonNullable<Site["dealer_api"]>;

// spec 000 §9: the vehicle fetch retries twice; the other dealer-platform calls do the same.
export const DEALER_API_RETRIES = 2;
// Not in the spec: a page never waits long for the dealer platform; late counts as failed.
export const DEALER_API_ATTEMPT_TIMEOUT_MS = 1_200;
export const DEALER_API_BUDGET_MS = 3_000;
const RETRY_DELAY_MS = 100;

export type DealerApiOptions = {
  log: Logger;
  fetch?: typeof fetch;
  env?: Readonly<Record<string, string | undefined>>;
  attemptTimeoutMs?: number;
  budgetMs?: number;
};

export function dealerApiUrl(config: DealerApiConfig, path: string): string {
  return `${config.base_url.replace(/\/+$/, "")}${path}`;
}

function authorization(config: DealerApiConfig, env: Readonly<Record<string, string | undefined>>): string | null {
  const username = env[config.username_env];
  const password = env[config.password_env];
  if (!username || password === undefined) return null;
  return `Basic ${Buffer.from(`${username}:${password}`).toString("base64")}`;
}

/**
 * `GET {base_url}{path}` with basic authorisation, read by `accept` (which throws on a body it cannot use).
 * Any failure (no credentials, network, timeout, non-OK with the spec 000 §8 response-handler message, junk)
 * is retried twice within a short budget, logged with `what`, and answered null.
 */
export async function dealerApiGet<T>(
  config: DealerApiConfig,
  path: string,
  accept: (body: unknown) => T,
  what: string,
  options: DealerApiOptions,
): Promise<T | null> {
  const url = dealerApiUrl(config, path);
  const auth = authorization(config, options.env ?? process.env);
  if (!auth) {
    options.log.warn({ url, username_env: config.username_env }, `${what}: dealer API credentials not set`);
    return null;
  }
  const deadline = Date.now() + (options.budgetMs ?? DEALER_API_BUDGET_MS);
  let lastError: unknown;
  for (let attemptNumber = 0; attemptNumber <= DEALER_API_RETRIES; attemptNumber++) {
    if (attemptNumber > 0) await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS * attemptNumber));
    const remaining = deadline - Date.now();
    if (remaining <= 0) break;
    try {
      const response = await (options.fetch ?? fetch)(url, {
        headers: { Accept: "application/json", Authorization: auth },
        signal: AbortSignal.timeout(Math.min(options.attemptTimeoutMs ?? DEALER_API_ATTEMPT_TIMEOUT_MS, remaining)),
      });
      if (!response.ok) throw await dealerApiError(response);
      return accept(await response.json());
    } catch (error) {
      lastError = error;
    }
  }
  options.log.warn({ err: lastError, url }, `${what} unavailable`);
  return null;
}
