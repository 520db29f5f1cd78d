import { createCookie } from "@remix-run/node";
import { env } from "../lib/env";

let cookie: ReturnType<typeof createCookie> | undefined;

/** spec 000 §2 stored search query suffix: the last query per search path, signed so it can't be forged. */
export function searchSuffixCookie() {
  cookie ??= createCookie("fc_search", {
    httpOnly: true,
    sameSite: "lax",
    secure: env().NODE_ENV === "production",
    path: "/",
    maxAge: 60 * 60 * 24 * 30,
    secrets: env().sessionSecrets,
  });
  return cookie;
}
