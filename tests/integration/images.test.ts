import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startApp } from "./support/app-server";
import { unreachableDb } from "./support/test-db";
import { imageMessages } from "~/server/images/messages";
import { loadTenants, type Tenant } from "~/server/tenants/load";
import { TenantDirectory } from "~/server/tenants/resolve";

type BinaryReply = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** Like support/http's request, but keeps the body as bytes. */
function get(port: number, host: string, urlPath: string, headers: Record<string, string> = {}): Promise<BinaryReply> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path: urlPath, headers: { host, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

const WEBP = { accept: "image/webp,image/*,*/*;q=0.8" };
const AVIF = { accept: "image/avif,image/webp,image/apng,image/*,*/*;q=0.8" };
const HARBOURSIDE = "harbourside.localhost";
const KIWI = "kiwi-motors.localhost";
const imagePath = (url: string, w: number | string, q?: number) =>
  `/_image?url=${encodeURIComponent(url)}&w=${w}${q === undefined ? "" : `&q=${q}`}`;

let root: string;
let dataDir: string;
let app: { port: number; close: () => Promise<void> };
let upstream: http.Server;
let origin = "";
const upstreamRequests: string[] = [];
let photo: Buffer;

/** A copy of a real tenant in a temporary folder, with its own image_hosts. */
function tenantCopy(source: Tenant, imageHosts: string[]): Tenant {
  const dir = path.join(root, "tenants", source.slug);
  cpSync(path.join(source.dir, "images"), path.join(dir, "images"), { recursive: true });
  return { slug: source.slug, dir, site: { ...source.site, image_hosts: imageHosts } };
}

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), "forecourt-images-http-"));
  dataDir = path.join(root, "data");
  // Read by the build's env() on its first image request.
  process.env.DATA_DIR = dataDir;

  photo = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: "#2a6f97" } })
    .jpeg()
    .toBuffer();
  upstream = http.createServer((req, res) => {
    upstreamRequests.push(req.url ?? "");
    if (req.url === "/car.jpg") return void res.writeHead(200, { "content-type": "image/jpeg" }).end(photo);
    if (req.url === "/corrupt.jpg") return void res.writeHead(200, { "content-type": "image/jpeg" }).end("this is not a jpeg");
    res.writeHead(404).end("not found");
  });
  upstream.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => upstream.once("listening", () => resolve()));
  origin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;

  const real = loadTenants();
  const bySlug = (slug: string) => real.find((t) => t.slug === slug)!;
  // The dealer's own config lists the test server as an http origin (an explicit http:// entry).
  const tenants = [tenantCopy(bySlug("harbourside"), [origin]), tenantCopy(bySlug("kiwi-motors"), [])];
  writeFileSync(path.join(root, "tenants", "kiwi-motors", "images", "kiwi-only.png"), await sharp(photo).resize(200).png().toBuffer());

  const directory = new TenantDirectory(tenants, { defaultTenant: "harbourside", trustProxy: false });
  app = await startApp({ tenants: directory, db: unreachableDb() });
});

afterAll(async () => {
  await app?.close();
  await new Promise<void>((resolve) => (upstream ? upstream.close(() => resolve()) : resolve()));
  rmSync(root, { recursive: true, force: true });
});

beforeEach(() => {
  upstreamRequests.length = 0;
});

describe("/_image formats and sizes", () => {
  it("answers an allowed width as WebP when Accept has webp, with the long cache and Vary: Accept", async () => {
    const reply = await get(app.port, HARBOURSIDE, imagePath("/demo-images/toyota-suv-1.svg", 640), WEBP);
    expect(reply.status).toBe(200);
    expect(reply.headers["content-type"]).toBe("image/webp");
    expect(reply.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(reply.headers.vary).toContain("Accept");
    expect(await sharp(reply.body).metadata()).toMatchObject({ format: "webp", width: 640, height: 427 });
  });

  it("answers AVIF when Accept has avif", async () => {
    const reply = await get(app.port, HARBOURSIDE, imagePath("/demo-images/toyota-suv-1.svg", 256, 60), AVIF);
    expect(reply.status).toBe(200);
    expect(reply.headers["content-type"]).toBe("image/avif");
    expect(await sharp(reply.body).metadata()).toMatchObject({ format: "heif", compression: "av1", width: 256 });
  });

  it("keeps the original format (SVG as PNG, JPEG as JPEG) for a client that takes neither", async () => {
    const svg = await get(app.port, HARBOURSIDE, imagePath("/tenant-assets/logo.svg", 384), { accept: "image/png,image/*;q=0.8" });
    expect(svg.headers["content-type"]).toBe("image/png");
    expect(await sharp(svg.body).metadata()).toMatchObject({ format: "png", width: 384 });
    const jpeg = await get(app.port, HARBOURSIDE, imagePath(`${origin}/car.jpg`, 828));
    expect(jpeg.headers["content-type"]).toBe("image/jpeg");
    expect(await sharp(jpeg.body).metadata()).toMatchObject({ format: "jpeg", width: 828 });
  });

  it.each([
    ["641", imageMessages.badWidth],
    ["4000", imageMessages.badWidth],
    ["abc", imageMessages.badWidth],
  ])("refuses w=%s with 400 and says which widths are allowed", async (w, message) => {
    const reply = await get(app.port, HARBOURSIDE, imagePath("/demo-images/toyota-suv-1.svg", w), WEBP);
    expect(reply.status).toBe(400);
    expect(reply.headers["content-type"]).toContain("text/plain");
    expect(reply.body.toString()).toBe(message);
  });

  it("refuses a quality outside 1-100 and a missing url", async () => {
    for (const q of [0, 101]) {
      const reply = await get(app.port, HARBOURSIDE, imagePath("/demo-images/toyota-suv-1.svg", 640, q));
      expect([reply.status, reply.body.toString()]).toEqual([400, imageMessages.badQuality]);
    }
    const missing = await get(app.port, HARBOURSIDE, "/_image?w=640");
    expect([missing.status, missing.body.toString()]).toEqual([400, imageMessages.missingUrl]);
  });
});

describe("/_image sources (no SSRF)", () => {
  it.each([
    ["a host not in image_hosts", "https://evil.example/car.jpg"],
    ["loopback http on another port", "http://127.0.0.1:1/car.jpg"],
    ["a protocol-relative url", "//127.0.0.1/car.jpg"],
    ["file:", "file:///etc/passwd"],
    ["data:", "data:image/png;base64,iVBORw0KGgo="],
    ["traversal", "/tenant-assets/../site.json"],
    ["encoded traversal", "/tenant-assets/%2e%2e%2fsite.json"],
  ])("refuses %s with 400", async (_label, url) => {
    const reply = await get(app.port, HARBOURSIDE, imagePath(url, 640), WEBP);
    expect(reply.status).toBe(400);
    expect(reply.body.toString()).toMatch(/^Image url not allowed: /);
  });

  it("refuses the test server for a tenant that does not list it, and the server receives no request", async () => {
    const reply = await get(app.port, KIWI, imagePath(`${origin}/car.jpg`, 640), WEBP);
    expect(reply.status).toBe(400);
    const viaHost = await get(app.port, KIWI, imagePath(`${origin.replace("127.0.0.1", "localhost")}/car.jpg`, 640), WEBP);
    expect(viaHost.status).toBe(400);
    expect(upstreamRequests).toEqual([]);
  });

  it("fetches a listed host once, stores the render on disk, and serves the next request from disk", async () => {
    const url = imagePath(`${origin}/car.jpg`, 1080, 70);
    const first = await get(app.port, HARBOURSIDE, url, WEBP);
    expect(first.status).toBe(200);
    expect(first.headers["x-image-cache"]).toBe("miss");
    expect(await sharp(first.body).metadata()).toMatchObject({ format: "webp", width: 1080, height: 675 });
    const cached = readdirSync(path.join(dataDir, "image-cache", "harbourside")).filter((f) => f.endsWith(".webp"));
    expect(cached.some((f) => /^[0-9a-f]{64}\.webp$/.test(f))).toBe(true);

    const second = await get(app.port, HARBOURSIDE, url, WEBP);
    expect(second.headers["x-image-cache"]).toBe("hit");
    expect(second.body.equals(first.body)).toBe(true);
    expect(upstreamRequests).toEqual(["/car.jpg"]);
  });

  it.each([
    ["an upstream 404", () => `${origin}/gone.jpg`],
    ["corrupt upstream bytes", () => `${origin}/corrupt.jpg`],
    ["an unknown demo image", () => "/demo-images/not-a-car.svg"],
    ["a missing tenant file", () => "/tenant-assets/missing.png"],
  ])("answers %s with a short-lived placeholder at the requested width, never a 500", async (_label, url) => {
    const reply = await get(app.port, HARBOURSIDE, imagePath(url(), 750), WEBP);
    expect(reply.status).toBe(200);
    expect(reply.headers["cache-control"]).toBe("public, max-age=60");
    expect(reply.headers["x-image-cache"]).toBe("placeholder");
    expect(await sharp(reply.body).metadata()).toMatchObject({ format: "webp", width: 750 });
  });
});

describe("/demo-images and /tenant-assets", () => {
  it("serves a demo photo as SVG that cannot run script, and 404s unknown names", async () => {
    const reply = await get(app.port, HARBOURSIDE, "/demo-images/toyota-suv-1.svg");
    expect(reply.status).toBe(200);
    expect(reply.headers["content-type"]).toContain("image/svg+xml");
    expect(reply.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(reply.headers["content-security-policy"]).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(reply.headers["x-content-type-options"]).toBe("nosniff");
    expect(reply.body.toString()).toMatch(/^<svg /);
    for (const missing of ["/demo-images/not-a-car.svg", "/demo-images/toyota-suv-1.png"]) {
      expect((await get(app.port, HARBOURSIDE, missing)).status).toBe(404);
    }
  });

  it("serves the tenant's own files with their content type and SVG safety headers", async () => {
    const logo = await get(app.port, HARBOURSIDE, "/tenant-assets/logo.svg");
    expect(logo.status).toBe(200);
    expect(logo.headers["content-type"]).toBe("image/svg+xml");
    expect(logo.headers["content-security-policy"]).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(logo.headers["x-content-type-options"]).toBe("nosniff");
    expect(logo.body.toString()).toContain("Harbourside");
    const png = await get(app.port, KIWI, "/tenant-assets/kiwi-only.png");
    expect([png.status, png.headers["content-type"]]).toEqual([200, "image/png"]);
    // Every answer carries the edge's policy; the SVG keeps its own looser one above
    expect(png.headers["content-security-policy"]).toContain("default-src 'none'");
  });

  it("keeps tenants apart: one tenant cannot read another's files, directly or through /_image", async () => {
    expect((await get(app.port, HARBOURSIDE, "/tenant-assets/kiwi-only.png")).status).toBe(404);
    const viaOptimiser = await get(app.port, HARBOURSIDE, imagePath("/tenant-assets/kiwi-only.png", 128), WEBP);
    expect(viaOptimiser.headers["x-image-cache"]).toBe("placeholder");
    const kiwiLogo = await get(app.port, KIWI, "/tenant-assets/logo.svg");
    expect(kiwiLogo.body.toString()).not.toContain("Harbourside");
  });

  it.each([
    "/tenant-assets/site.json",
    "/tenant-assets/..%2Fsite.json",
    "/tenant-assets/%2e%2e%2f%2e%2e%2fharbourside%2fsite.json",
    "/tenant-assets/.hidden.png",
  ])("404s %s", async (urlPath) => {
    const reply = await get(app.port, HARBOURSIDE, urlPath);
    expect(reply.status).toBe(404);
    expect(reply.body.toString()).not.toContain('"slug"');
  });
});
