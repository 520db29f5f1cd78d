/**
 * What site.json `stock_feed.url` may name: an http(s) feed, or a file on an SFTP server. Checked at
 * start by the tenant schema and read again by the puller, so the two never disagree on an address.
 */

export type SftpLocation = {
  host: string;
  port: number;
  /** The remote file, percent-decoded; absolute, as the server sees it. */
  path: string;
  /** `sftp://host:port/path` without credentials: the name errors and logs use. */
  display: string;
};

export type FeedUrlCheck = { ok: true } | { ok: false; message: string };

const SFTP_DEFAULT_PORT = 22;

/** `host_key_sha256` as `ssh-keygen -lf` prints it: SHA256 and 43 base64 characters, no padding. */
export const HOST_KEY_SHA256 = /^SHA256:[A-Za-z0-9+/]{43}$/;

export function isSftpUrl(url: string): boolean {
  return /^sftp:\/\//i.test(url);
}

/** An `sftp://host[:port]/path/to/file` URL read into where to connect and what to fetch; null when it is not one. */
export function sftpLocation(url: string): SftpLocation | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== "sftp:" || parsed.hostname === "") return null;
  let path: string;
  try {
    path = decodeURIComponent(parsed.pathname);
  } catch {
    return null;
  }
  if (path === "" || path.endsWith("/")) return null;
  const port = parsed.port === "" ? SFTP_DEFAULT_PORT : Number(parsed.port);
  // An IPv6 address is written in brackets in a URL, and without them to connect.
  const host = parsed.hostname.replace(/^\[(.*)\]$/, "$1");
  return { host, port, path, display: `sftp://${parsed.hostname}:${port}${parsed.pathname}` };
}

/** The one-line reason a `stock_feed.url` cannot be used, or ok. */
export function checkFeedUrl(url: string): FeedUrlCheck {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, message: `expected an http://, https:// or sftp:// URL, got "${url}"` };
  }
  if (parsed.protocol === "http:" || parsed.protocol === "https:") return { ok: true };
  if (parsed.protocol !== "sftp:") return { ok: false, message: `expected an http://, https:// or sftp:// URL, got "${url}"` };
  // Credentials in the URL would sit in site.json, which is committed; they belong in the environment.
  if (parsed.username !== "" || parsed.password !== "")
    return { ok: false, message: "put the SFTP user name in username_env and the password or key in the environment, not in the URL" };
  if (sftpLocation(url) === null) return { ok: false, message: `expected sftp://host[:port]/path/to/file, got "${url}"` };
  return { ok: true };
}
