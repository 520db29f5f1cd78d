/** Methods a route can answer; anything else (TRACE, OPTIONS, PROPFIND …) is 405 before routing. */
export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"] as const;

export function isAllowedMethod(method: string): boolean {
  return (ALLOWED_METHODS as readonly string[]).includes(method);
}

/**
 * A path the router can take: percent-decodable, no backslash (URL parsers read it as a slash, so
 * `/%5c` became `//`, a host-less URL the router threw on) and not starting with `//`.
 */
export function isReadablePath(rawPath: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return false;
  }
  return !decoded.includes("\\") && !rawPath.startsWith("//");
}
