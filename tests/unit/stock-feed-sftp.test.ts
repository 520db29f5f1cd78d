import { describe, expect, it } from "vitest";
import { unchangedSince } from "~/server/inventory/remote-file-stamp";
import { hostKeyFingerprint, hostKeyRefusal } from "~/server/inventory/sftp-host-key";
import { ConfigError } from "~/server/tenants/config-error";
import { refusal as refusalOf } from "~/tests/fixtures/refusal";
import { sftpLocation } from "~/server/tenants/feed-url";
import { parseSiteFile } from "~/server/tenants/load";
import { baseSiteInput } from "~/tests/fixtures/tenant";

// An ed25519 public key and the fingerprint `ssh-keygen -lf` printed for it.
const PUBLIC_KEY = "AAAAC3NzaC1lZDI1NTE5AAAAILGS0SMaLSh6zdn568lVQl/Wb13zi+NpVJHpo1630zUR";
const SSH_KEYGEN_FINGERPRINT = "SHA256:FVusovPkZ9hsdfvcHNsY08asNWBBD9SW2x9YZ8qYdnY";

describe("sftp:// feed URLs", () => {
  it("reads host, port (22 by default) and the remote file, decoded", () => {
    expect(sftpLocation("sftp://dms.example/exports/stock.csv")).toEqual({
      host: "dms.example",
      port: 22,
      path: "/exports/stock.csv",
      display: "sftp://dms.example:22/exports/stock.csv",
    });
    expect(sftpLocation("sftp://10.0.0.5:2222/home/kiwi/Stock%20List.csv")).toMatchObject({
      host: "10.0.0.5",
      port: 2222,
      path: "/home/kiwi/Stock List.csv",
    });
    expect(sftpLocation("sftp://[::1]:2200/feed.csv")).toMatchObject({ host: "::1", port: 2200, display: "sftp://[::1]:2200/feed.csv" });
  });

  it("is no location without a host or a file", () => {
    expect(
      ["sftp:///feed.csv", "sftp://dms.example/", "sftp://dms.example", "https://dms.example/feed.csv", "not a url"].map(sftpLocation),
    ).toEqual([null, null, null, null, null]);
  });
});

describe("an unchanged SFTP feed", () => {
  const stamp = { size: 18_422, mtimeMs: 1_800_000_000_000 };
  it("is the same size and mtime as the last feed that went in", () => {
    expect(unchangedSince(stamp, { ...stamp })).toBe(true);
    expect(unchangedSince(stamp, { ...stamp, size: 18_423 })).toBe(false);
    expect(unchangedSince(stamp, { ...stamp, mtimeMs: stamp.mtimeMs + 1000 })).toBe(false);
  });
  it("is never assumed before a first feed went in", () => {
    expect(unchangedSince(null, stamp)).toBe(false);
    expect(unchangedSince(undefined, stamp)).toBe(false);
  });
});

describe("the SFTP server's host key", () => {
  it("has the fingerprint ssh-keygen -lf prints", () => {
    expect(hostKeyFingerprint(Buffer.from(PUBLIC_KEY, "base64"))).toBe(SSH_KEYGEN_FINGERPRINT);
  });

  it("is accepted when it matches host_key_sha256 or none is set, else refused naming the host and both fingerprints", () => {
    expect(hostKeyRefusal("dms.example:22", SSH_KEYGEN_FINGERPRINT, SSH_KEYGEN_FINGERPRINT)).toBeNull();
    expect(hostKeyRefusal("dms.example:22", null, SSH_KEYGEN_FINGERPRINT)).toBeNull();
    const other = "SHA256:" + "A".repeat(43);
    expect(hostKeyRefusal("dms.example:22", other, SSH_KEYGEN_FINGERPRINT)).toBe(
      `host key of dms.example:22 is ${SSH_KEYGEN_FINGERPRINT}, but site.json stock_feed.host_key_sha256 expects ${other}; not connected`,
    );
  });
});

describe("site.json stock_feed for SFTP is checked at start", () => {
  const parse = (stock_feed: unknown) => parseSiteFile("site.json", JSON.stringify({ ...baseSiteInput(), stock_feed }));
  const refusal = (stock_feed: unknown) => refusalOf(() => parse(stock_feed), [ConfigError]);
  const sftp = { url: "sftp://dms.example:2222/exports/stock.csv", username_env: "KIWI_SFTP_USER" };

  it("accepts an sftp url with a key or a password, and a host key fingerprint", () => {
    expect(parse({ ...sftp, private_key_env: "KIWI_SFTP_KEY", host_key_sha256: SSH_KEYGEN_FINGERPRINT }).stock_feed).toMatchObject({
      url: sftp.url,
      private_key_env: "KIWI_SFTP_KEY",
      host_key_sha256: SSH_KEYGEN_FINGERPRINT,
    });
    expect(parse({ ...sftp, password_env: "KIWI_SFTP_PASS" }).stock_feed).toMatchObject({ private_key_env: null, host_key_sha256: null });
  });

  it("refuses what cannot work with one line naming the field", () => {
    expect(refusal({ url: "ftp://dms.example/stock.csv" })).toBe(
      'site.json: stock_feed.url: expected an http://, https:// or sftp:// URL, got "ftp://dms.example/stock.csv"',
    );
    expect(refusal({ ...sftp, url: "sftp://dms.example/exports/", private_key_env: "K" })).toBe(
      'site.json: stock_feed.url: expected sftp://host[:port]/path/to/file, got "sftp://dms.example/exports/"',
    );
    expect(refusal({ ...sftp, url: "sftp://kiwi:secret@dms.example/stock.csv", private_key_env: "K" })).toBe(
      "site.json: stock_feed.url: put the SFTP user name in username_env and the password or key in the environment, not in the URL",
    );
    expect(refusal({ url: sftp.url, private_key_env: "K" })).toBe(
      "site.json: stock_feed.username_env: an sftp:// url needs username_env (the SFTP user name)",
    );
    expect(refusal(sftp)).toBe("site.json: stock_feed.private_key_env: an sftp:// url needs private_key_env or password_env");
    expect(refusal({ ...sftp, private_key_env: "K", host_key_sha256: "FVusovPkZ9hsdfvcHNsY08asNWBBD9SW2x9YZ8qYdnY" })).toBe(
      "site.json: stock_feed.host_key_sha256: expected SHA256:<43 base64 characters>, as ssh-keygen -lf prints it",
    );
    expect(refusal({ url: "https://dms.example/stock.csv", host_key_sha256: SSH_KEYGEN_FINGERPRINT })).toBe(
      "site.json: stock_feed.host_key_sha256: only used with an sftp:// url",
    );
  });
});
