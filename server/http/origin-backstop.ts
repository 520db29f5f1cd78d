/**
 * Remix checks that an action's Origin names the request's host, and refuses a mismatch by throwing
 * a plain Error — a 500 for `Origin: evil`, `null` or `garbage`. This answers the same cases first with
 * a 403. It is a backstop under the cross-site policy (server/security/), never a second policy: it
 * refuses exactly what Remix would, no more.
 */
export function originMatchesHost(origin: string | undefined, host: string): boolean {
  if (origin === undefined || origin === "") return true;
  if (origin === "null") return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
