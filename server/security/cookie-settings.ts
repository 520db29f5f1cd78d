import { createCookie, type Cookie } from "@remix-run/node";
import type { Env } from "~/server/lib/env";

/** How every signed cookie of the site is written: Secure in production, secrets as a rotating list. */
export type CookieSettings = { secure: boolean; secrets: string[] };

export function cookieSettings(env: Pick<Env, "NODE_ENV" | "sessionSecrets">): CookieSettings {
  return { secure: env.NODE_ENV === "production", secrets: env.sessionSecrets };
}

export const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * One of the site's own cookies: signed (a tampered value reads as none), httpOnly, SameSite=Lax,
 * Secure in production; `path` narrows it to the pages that read it.
 */
export function siteCookie(name: string, settings: CookieSettings, options: { maxAgeSeconds: number; path?: string }): Cookie {
  return createCookie(name, {
    httpOnly: true,
    sameSite: "lax",
    secure: settings.secure,
    path: options.path ?? "/",
    maxAge: options.maxAgeSeconds,
    secrets: settings.secrets,
  });
}

/**
 * A site cookie's parsed value checked against its schema: null when the visitor has none (a first
 * visit: no zod error is built for it, which cost ~1 % of a page's CPU each time) or when it does not
 * match.
 */
export function cookieValue<T>(
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
  raw: unknown,
): T | null {
  if (raw === null || raw === undefined) return null;
  const parsed = schema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}
