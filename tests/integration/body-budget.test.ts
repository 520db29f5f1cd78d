/**
 * The per-address body budget (POST_BODY_BYTES_PER_MINUTE): a client that keeps posting large forms
 * is refused with 429 and Retry-After before its next body is read, while another address posts as
 * usual — so one client cannot multiply other tenants' latency.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EDGE_MESSAGES } from "~/server/http/edge-answers";
import type { Services } from "~/server/services";
import { loadTenants } from "~/server/tenants/load";
import { TenantDirectory } from "~/server/tenants/resolve";
import { chunkedBody, rawRequest, serveEdge } from "./edge-harness";
import { loadBuild } from "./support/http";
import { servicesFor } from "./support/services";
import { openTestDb, type TestDb } from "./support/test-db";

const directory = new TenantDirectory(loadTenants(), { defaultTenant: "harbourside", trustProxy: true });
let testDb: TestDb;
let services: Services;
let edge: Awaited<ReturnType<typeof serveEdge>>;

beforeAll(async () => {
  testDb = await openTestDb();
  // 2 MB a minute: two ~950 KB posts fit, the third does not. The post count stays out of the way.
  services = await servicesFor({
    tenants: directory,
    db: testDb.handle,
    env: { POST_BODY_BYTES_PER_MINUTE: String(2_000_000), POST_RATE_LIMIT_PER_MINUTE: "10000" },
  });
  edge = await serveEdge({ build: await loadBuild(), services, mode: "production", trustProxy: true });
});

afterAll(async () => {
  await edge?.close();
  await testDb?.cleanup();
});

/** 190 fields of 5,000 bytes: ~950 KB, inside every per-request limit. */
const LARGE_FORM = Array.from({ length: 190 }, (_, i) => `f${i}=${"x".repeat(5_000)}`).join("&");

function postFrom(
  address: string,
  target = "/contact",
  body: string | ReturnType<typeof chunkedBody> = LARGE_FORM,
  type = "application/x-www-form-urlencoded",
) {
  const headers: Record<string, string> = { "Content-Type": type, "X-Forwarded-For": address };
  if (typeof body !== "string") headers["Transfer-Encoding"] = "chunked";
  return rawRequest(edge.port, { method: "POST", target, headers }, body);
}

async function bodyBytesRefusals(): Promise<number> {
  const line = (await services.metrics.text()).split("\n").find((l) => l.includes('limit="body-bytes"') && !l.startsWith("#"));
  return line ? Number(line.split(" ").pop()) : 0;
}

describe("request body bytes per address per minute", () => {
  it("a client over its budget gets 429 with Retry-After, another address still posts", async () => {
    const refusedBefore = await bodyBytesRefusals();
    const first = await postFrom("203.0.113.7");
    expect(first.status).toBeLessThan(500);
    expect(first.status).not.toBe(429);
    expect((await postFrom("203.0.113.7")).status).toBe(first.status);

    const third = await postFrom("203.0.113.7");
    expect(third.status).toBe(429);
    expect(third.headers["content-type"]?.[0]).toBe("text/plain; charset=utf-8");
    expect(third.body).toMatch(/^Too many requests\. Please wait \d+ seconds? and try again\.$/);
    const retryAfter = Number(third.headers["retry-after"]?.[0]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await bodyBytesRefusals()).toBe(refusedBefore + 1);

    // Under /api/* the same refusal is the edge's JSON.
    const api = await postFrom("203.0.113.7", "/api/leads", JSON.stringify({ filler: "x".repeat(10_000) }), "application/json");
    expect(api.status).toBe(429);
    expect(JSON.parse(api.body)).toEqual({ error: EDGE_MESSAGES.tooManyRequests(Number(api.headers["retry-after"]?.[0])) });

    // Another client is untouched by the first one's spending.
    expect((await postFrom("203.0.113.8")).status).toBe(first.status);
  });

  it("a chunked body (no Content-Length) is charged once read, so the next post is refused", async () => {
    const address = "198.51.100.23";
    // 100 fields of 10,000 bytes: two such posts spend the 2,000,000 bytes exactly.
    const chunked = () => postFrom(address, "/contact", chunkedBody(`f=${"x".repeat(9_997)}&`, 1_000_000));
    expect((await chunked()).status).not.toBe(429);
    expect((await chunked()).status).not.toBe(429);
    // The charge of the second lands just after its answer; give it a moment.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await chunked()).status).toBe(429);
  });
});
