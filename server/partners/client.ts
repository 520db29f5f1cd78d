import type { Tenant } from "~/server/tenants/load";
import { isPartnerError, PartnerError, readPartnerResponse, unexpectedError, type PartnerBody } from "./response";

export type PartnerName = "nevdis" | "autograb" | "car_clarity";
export type PartnerEndpoint = { base_url: string; key_env: string };

/** How the partner wants its key: NEVDIS and Car Clarity a bearer token, Autograb an `ApiKey` header. */
export type PartnerAuth = "bearer" | "api-key";

export type PartnerRequest = {
  method: "GET" | "POST";
  /** Appended to the endpoint's base URL. */
  path: string;
  query?: Record<string, string>;
  json?: unknown;
  form?: FormData;
  auth: PartnerAuth;
};

export type PartnerClientOptions = {
  /** Every call gives up after this long (PARTNER_TIMEOUT_MS). */
  timeoutMs: number;
  environment?: Readonly<Record<string, string | undefined>>;
  fetch?: typeof globalThis.fetch;
};

export type PartnerClient = {
  /** The tenant's endpoint for this partner when the adapter is enabled there (switch, entry and key), else null. */
  endpoint(tenant: Tenant, name: PartnerName): PartnerEndpoint | null;
  call(endpoint: PartnerEndpoint, request: PartnerRequest): Promise<PartnerBody>;
};

/** NEVDIS and Autograb have a flag of their own (spec 001 §3 flags); Car Clarity's entry is its switch. */
function switchedOn(tenant: Tenant, name: PartnerName): boolean {
  if (name === "nevdis") return tenant.site.flags.nevdis;
  if (name === "autograb") return tenant.site.flags.autograb;
  return true;
}

/**
 * Which partners a tenant switched on but cannot call (no entry in site.json, or its key variable unset).
 * The autograb flag also shows the market price the stock feed carries (autograb_data), so the flag without a
 * partners entry is a site without the rego lookup, not a mistake; an entry without its key still is.
 */
export function misconfiguredPartners(tenant: Tenant, environment: Readonly<Record<string, string | undefined>> = process.env): string[] {
  const names: PartnerName[] = ["nevdis", "autograb", "car_clarity"];
  return names.filter((name) => {
    const entry = tenant.site.partners[name];
    if (name === "car_clarity" || name === "autograb") return entry !== null && switchedOn(tenant, name) && !environment[entry.key_env];
    return switchedOn(tenant, name) && (entry === null || !environment[entry.key_env]);
  });
}

function urlFor(endpoint: PartnerEndpoint, request: PartnerRequest): string {
  const url = new URL(endpoint.base_url.replace(/\/+$/, "") + request.path);
  for (const [name, value] of Object.entries(request.query ?? {})) url.searchParams.set(name, value);
  return url.toString();
}

/** A partner that did not answer in time is a 504, one that could not be reached or read a 502. */
function transportFailure(error: unknown): PartnerError {
  const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
  return timedOut ? new PartnerError(unexpectedError("Gateway Timeout"), 504) : new PartnerError(unexpectedError("Bad Gateway"), 502);
}

/**
 * One typed HTTP client for every partner: Accept JSON (spec 001 §7), the tenant's key from its
 * variable, a timeout, and the generic response handler (spec 000 §8). A timeout or an unreachable
 * partner fails the same way a partner's own 504 or 502 would.
 */
export function createPartnerClient(options: PartnerClientOptions): PartnerClient {
  const environment = options.environment ?? process.env;
  const doFetch = options.fetch ?? globalThis.fetch;
  return {
    endpoint(tenant, name) {
      const entry = tenant.site.partners[name];
      if (!entry || !switchedOn(tenant, name) || !environment[entry.key_env]) return null;
      return entry;
    },
    async call(endpoint, request) {
      const key = environment[endpoint.key_env] ?? "";
      const headers: Record<string, string> = { Accept: "application/json" };
      if (request.auth === "bearer") headers.Authorization = `Bearer ${key}`;
      else headers.ApiKey = key;
      let body: BodyInit | undefined;
      if (request.json !== undefined) {
        headers["Content-Type"] = "application/json";
        body = JSON.stringify(request.json);
      } else if (request.form) body = request.form;
      let response: Response;
      try {
        response = await doFetch(urlFor(endpoint, request), {
          method: request.method,
          headers,
          body,
          redirect: "error",
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        throw transportFailure(error);
      }
      try {
        return await readPartnerResponse(response);
      } catch (error) {
        // A 2xx whose body is not what its content type says, or the time ran out while reading it.
        throw isPartnerError(error) ? error : transportFailure(error);
      }
    },
  };
}
