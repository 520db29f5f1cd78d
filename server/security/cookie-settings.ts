import type { Env } from "../lib/env";

/** How every signed cookie of the site is written: Secure in production, secrets as a rotating list. */
export type CookieSettings = { secure: boolean; secrets: string[] };

export function cookieSettings(env: Pick<Env, "NODE_ENV" | "sessionSecrets">): CookieSettings {
  return { secure: env.NODE_ENV === "production", secrets: env.sessionSecrets };
}
