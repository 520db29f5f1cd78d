import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cachedImagePath, imageCacheDir, imageCacheKey } from "~/server/images/disk-cache";
import { optimiseImage, type OptimiseRequest } from "~/server/images/optimise";
import { resolveImageSource } from "~/server/images/source";
import { logger } from "~/server/lib/logger";

let root: string;
let dataDir: string;
let tenantDir: string;
let server: http.Server;
let origin = "";
let upstreamHits = 0;
let photo: Buffer;

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), "forecourt-images-"));
  dataDir = path.join(root, "data");
  tenantDir = path.join(root, "tenant");
  mkdirSync(path.join(tenantDir, "images"), { recursive: true });
  photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#3366aa" } })
    .jpeg()
    .toBuffer();
  server = http.createServer((req, res) => {
    upstreamHits++;
    if (req.url === "/car.jpg") return void setTimeout(() => res.writeHead(200, { "content-type": "image/jpeg" }).end(photo), 50);
    res.writeHead(404).end();
  });
  server.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(root, { recursive: true, force: true });
});

beforeEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
  upstreamHits = 0;
});

function request(url: string, overrides: Partial<OptimiseRequest> = {}): OptimiseRequest {
  const source = resolveImageSource(url, { dir: tenantDir, site: { image_hosts: [origin] } });
  if (source.kind === "rejected") throw new Error(`test url rejected: ${source.reason}`);
  return { source, width: 640, quality: 75, format: "webp", tenantSlug: "harbourside", dataDir, log: logger, ...overrides };
}

describe("optimiseImage", () => {
  it("renders on a miss, stores under image-cache/<tenant>/<sha256>.<ext>, and serves the next request from disk", async () => {
    const first = await optimiseImage(request("/demo-images/toyota-suv-1.svg"));
    expect(first).toMatchObject({ kind: "image", cache: "miss", image: { format: "webp" } });
    const key = imageCacheKey("demo:toyota-suv-1", 640, 75, "webp");
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    const file = cachedImagePath(imageCacheDir(dataDir, "harbourside"), key, "webp");
    expect(file).toBe(path.join(dataDir, "image-cache", "harbourside", `${key}.webp`));
    expect(existsSync(file)).toBe(true);

    // Change the stored file: the second answer must be those bytes, proving it came from disk.
    const marker = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
      .webp()
      .toBuffer();
    writeFileSync(file, marker);
    const second = await optimiseImage(request("/demo-images/toyota-suv-1.svg"));
    expect(second).toMatchObject({ kind: "image", cache: "hit" });
    expect(second.image.bytes.equals(marker)).toBe(true);
  });

  it("keeps a separate entry per width, quality and format, and per tenant", async () => {
    await optimiseImage(request("/demo-images/toyota-suv-1.svg"));
    await optimiseImage(request("/demo-images/toyota-suv-1.svg", { width: 750 }));
    await optimiseImage(request("/demo-images/toyota-suv-1.svg", { quality: 50 }));
    await optimiseImage(request("/demo-images/toyota-suv-1.svg", { format: "original" }));
    const other = await optimiseImage(request("/demo-images/toyota-suv-1.svg", { tenantSlug: "kiwi-motors" }));
    expect(other).toMatchObject({ cache: "miss" });
    expect(readdirSync(path.join(dataDir, "image-cache", "harbourside")).sort()).toHaveLength(4);
    expect(readdirSync(path.join(dataDir, "image-cache", "harbourside")).filter((f) => f.endsWith(".png"))).toHaveLength(1);
    expect(readdirSync(path.join(dataDir, "image-cache", "kiwi-motors"))).toHaveLength(1);
  });

  it("renders a replaced tenant file afresh (its size and mtime are part of the source)", async () => {
    const file = path.join(tenantDir, "images", "hero.jpg");
    writeFileSync(file, photo);
    expect(await optimiseImage(request("/tenant-assets/hero.jpg"))).toMatchObject({ cache: "miss" });
    expect(await optimiseImage(request("/tenant-assets/hero.jpg"))).toMatchObject({ cache: "hit" });
    writeFileSync(file, await sharp(photo).rotate(90).jpeg().toBuffer());
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    const replaced = await optimiseImage(request("/tenant-assets/hero.jpg"));
    expect(replaced).toMatchObject({ cache: "miss" });
    expect(await sharp(replaced.image.bytes).metadata()).toMatchObject({ width: 640, height: 853 });
  });

  it("fetches a remote image once for simultaneous requests, then serves it from disk", async () => {
    const [a, b] = await Promise.all([optimiseImage(request(`${origin}/car.jpg`)), optimiseImage(request(`${origin}/car.jpg`))]);
    expect([a.kind, b.kind]).toEqual(["image", "image"]);
    expect(await optimiseImage(request(`${origin}/car.jpg`))).toMatchObject({ cache: "hit" });
    expect(upstreamHits).toBe(1);
  });

  it.each([
    ["an unknown demo name", "/demo-images/not-a-demo.svg"],
    ["a missing tenant file", "/tenant-assets/missing.png"],
    ["an upstream 404", "/remote-404"],
    ["corrupt bytes", "/tenant-assets/corrupt.jpg"],
  ])("answers %s with the placeholder at the requested width and caches nothing", async (_label, url) => {
    writeFileSync(path.join(tenantDir, "images", "corrupt.jpg"), "not a jpeg at all");
    const result = await optimiseImage(request(url === "/remote-404" ? `${origin}/gone.jpg` : url, { width: 384 }));
    expect(result.kind).toBe("placeholder");
    expect(await sharp(result.image.bytes).metadata()).toMatchObject({ format: "webp", width: 384 });
    expect(existsSync(path.join(dataDir, "image-cache"))).toBe(false);
  });
});
