import { describe, expect, it } from "vitest";
import { FORM_LIMITS, UrlencodedCounter, checkMultipart, multipartBoundary } from "~/server/http/form-limits";
import { formatHost, parseHostHeader } from "~/server/http/host-header";
import { isAllowedMethod, isReadablePath } from "~/server/http/request-line";

function countFields(body: string, chunk = 7) {
  const counter = new UrlencodedCounter();
  const bytes = Buffer.from(body);
  for (let at = 0; at < bytes.length; at += chunk) {
    const breach = counter.push(bytes.subarray(at, at + chunk));
    if (breach) return breach;
  }
  return counter.end();
}

describe("url-encoded field limits, counted while reading", () => {
  it("accepts 200 fields, with or without a trailing &", () => {
    expect(countFields("a=1&".repeat(199) + "a=1")).toBeNull();
    expect(countFields("a=1&".repeat(200))).toBeNull();
  });

  it("refuses the 201st field however the chunks fall", () => {
    for (const chunk of [1, 3, 4096]) expect(countFields("a=1&".repeat(200) + "a=1", chunk)).toEqual({ status: 413, reason: "fields" });
  });

  it("refuses a field over 64 KB, counting across chunks", () => {
    expect(countFields(`m=${"x".repeat(FORM_LIMITS.maxFieldBytes)}`, 1000)).toEqual({ status: 413, reason: "field-size" });
    expect(countFields(`m=${"x".repeat(FORM_LIMITS.maxFieldBytes - 2)}&n=1`, 1000)).toBeNull();
  });
});

describe("multipart shape", () => {
  const part = (name: string, value: string) => `--b\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

  it("reads the boundary, quoted or not", () => {
    expect(multipartBoundary("multipart/form-data; boundary=abc")).toBe("abc");
    expect(multipartBoundary('multipart/form-data; boundary="a b"')).toBe("a b");
    expect(multipartBoundary("multipart/form-data")).toBeNull();
  });

  it("accepts a well-formed body, including a file part larger than a field", () => {
    const file = `--b\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n${"x".repeat(70_000)}\r\n`;
    expect(checkMultipart(Buffer.from(part("a", "1") + file + "--b--\r\n"), "b")).toBeNull();
  });

  it("refuses a missing close, a part without headers or name, and 201 parts", () => {
    expect(checkMultipart(Buffer.from(part("a", "1")), "b")).toEqual({ status: 400, reason: "malformed" });
    expect(checkMultipart(Buffer.from(part("a", "1") + "--b--\r\n" + part("c", "2")), "b")).toEqual({ status: 400, reason: "malformed" });
    expect(checkMultipart(Buffer.from("--b\r\nnothing\r\n--b--"), "b")).toEqual({ status: 400, reason: "malformed" });
    expect(checkMultipart(Buffer.from("--b\r\nContent-Type: text/plain\r\n\r\nx\r\n--b--"), "b")).toEqual({
      status: 400,
      reason: "malformed",
    });
    expect(checkMultipart(Buffer.from(part("a", "1").repeat(201) + "--b--"), "b")).toEqual({ status: 413, reason: "fields" });
    expect(checkMultipart(Buffer.from(part("a", "x".repeat(FORM_LIMITS.maxFieldBytes + 1)) + "--b--"), "b")).toEqual({
      status: 413,
      reason: "field-size",
    });
  });
});

describe("Host header", () => {
  it("keeps names, IPv4, bracketed IPv6 and ports 1–65535", () => {
    expect(parseHostHeader("Harbourside.Localhost:3000")).toEqual({ hostname: "harbourside.localhost", port: 3000 });
    expect(parseHostHeader("[::1]:80")).toEqual({ hostname: "[::1]", port: 80 });
    expect(parseHostHeader("example.com.")).toEqual({ hostname: "example.com", port: null });
    expect(formatHost({ hostname: "a.b", port: 8080 })).toBe("a.b:8080");
  });

  it("refuses what a URL cannot be built from", () => {
    for (const bad of ["a:99999", "a:-1", "a:0", "[::1]x", "a ,x", "a b", "", "a:", "a/b", "a@b", undefined]) {
      expect(parseHostHeader(bad), String(bad)).toBeNull();
    }
  });
});

describe("request line", () => {
  it("allows the methods routes answer and no others", () => {
    for (const method of ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]) expect(isAllowedMethod(method)).toBe(true);
    for (const method of ["TRACE", "CONNECT", "OPTIONS", "PROPFIND", "get"]) expect(isAllowedMethod(method)).toBe(false);
  });

  it("refuses undecodable paths, backslashes and a leading //", () => {
    expect(isReadablePath("/cars/abc%00")).toBe(true);
    for (const bad of ["/%5c", "/a%5Cb", "/%E0%A4%A", "//evil.example"]) expect(isReadablePath(bad), bad).toBe(false);
  });
});
