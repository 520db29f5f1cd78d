/**
 * 5,000 generated requests (fast-check, fixed seed) against the real server — hosts,
 * X-Forwarded-* headers, methods, paths, query strings, content types, framings and bodies. Every
 * answer is below 500, shows no stack trace or file path, and carries no other tenant's name, phone
 * or stock. A failure prints the request, so it can be replayed by hand.
 *
 * The test command runs the integration files once on SQLite and once on PostgreSQL, side by side; the edge under
 * test is the same, so the two runs share the 5,000 out (SQLite the even-numbered, PostgreSQL the odd-numbered):
 * together every request is sent, in half the time. A run on one database alone sends its 2,500.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "~/server/lib/zod";
import { loadTenants, type Tenant } from "~/server/tenants/load";
import { TenantDirectory } from "~/server/tenants/resolve";
import { chunkedBody, rawRequest, serveEdge, type RawReply } from "./edge-harness";
import { loadBuild } from "./support/http";
import { servicesFor } from "./support/services";
import { openTestDb, type TestDb } from "./support/test-db";

const REQUESTS = 5_000;
const CONCURRENCY = 8;
const SEED = 20261123;
const SHARE = process.env.DATABASE_URL ? 1 : 0;

const tenants = loadTenants();
const directory = new TenantDirectory(tenants, { defaultTenant: "harbourside", trustProxy: false });
let testDb: TestDb;
let edge: Awaited<ReturnType<typeof serveEdge>>;

beforeAll(async () => {
  testDb = await openTestDb();
  const services = await servicesFor({
    tenants: directory,
    db: testDb.handle,
    env: { POST_RATE_LIMIT_PER_MINUTE: "1000000", POST_BODY_BYTES_PER_MINUTE: "100000000000" },
  });
  edge = await serveEdge({ build: await loadBuild(), services, mode: "production", trustProxy: false });
});

afterAll(async () => {
  await edge?.close();
  await testDb?.cleanup();
});

const stockFile = z.object({ vehicles: z.array(z.object({ slug: z.string() })) });
/** Every vehicle slug → its tenant; slugs end in a random suffix, so no two tenants share one. */
const slugOwner = new Map<string, string>();
for (const tenant of tenants) {
  const { vehicles } = stockFile.parse(JSON.parse(readFileSync(path.join(tenant.dir, "stock.json"), "utf8")));
  for (const vehicle of vehicles) slugOwner.set(vehicle.slug, tenant.slug);
}
const someSlugs = (tenant: Tenant) =>
  [...slugOwner]
    .filter(([, owner]) => owner === tenant.slug)
    .slice(0, 3)
    .map(([slug]) => slug);

function ownHosts(tenant: Tenant): string[] {
  return [`${tenant.slug}.localhost`, ...tenant.site.domains];
}
const validHosts = tenants.flatMap((tenant) => ownHosts(tenant).map((host) => ({ host, tenant: tenant.slug as string | null })));
validHosts.push(
  { host: "localhost", tenant: "harbourside" },
  { host: "127.0.0.1", tenant: "harbourside" },
  { host: "unknown.example", tenant: null },
);

const badHosts = [
  "a:99999",
  "harbourside.localhost:-1",
  "[::1]x",
  "a ,x",
  "",
  "harbourside.localhost:0",
  "ex ample",
  "..",
  "[zz]",
  "a".repeat(400),
];

const hostArb = fc.oneof(
  {
    weight: 14,
    arbitrary: fc
      .tuple(fc.constantFrom(...validHosts), fc.constantFrom("", ":3000", ":80", ":65535"))
      .map(([h, port]) => ({ ...h, host: h.host + port })),
  },
  { weight: 1, arbitrary: fc.constantFrom(...badHosts).map((host) => ({ host, tenant: null })) },
  { weight: 1, arbitrary: fc.constant({ host: null as string | null, tenant: null }) },
);

const basePaths = [
  "/",
  "/search/new-used-and-demo-cars",
  "/search/used-cars",
  "/search/toyota",
  "/contact",
  "/finance",
  "/book-test-drive",
  "/trade-in",
  "/sell-my-car/steps",
  "/finance/apply",
  "/success",
  "/about-us",
  "/privacy-policy",
  "/dealerships",
  "/api/leads",
  "/api/leads/with-files",
  "/api/leads/abc",
  "/api/search/used-cars",
  "/api/stock/harbourside",
  "/mock/leads",
  "/_image",
  "/healthz",
  "/favicon.svg",
  "/build/nope.js",
  "/tenant-assets/logo.svg",
  "/tenant-assets/..%2Fsite.json",
  "/no/such/page/here",
  "/%5c",
  "/%5C%5Cevil.example",
  "//evil.example",
  "/%E0%A4%A",
  "/..%2F..%2Fetc%2Fpasswd",
  "/cars/%00",
  "/véhicule",
  "/search/%F0%9F%9A%97",
  "/api/leads%2e%2e%2f",
  "/api/nothing",
  "/api/leads/abc/def",
  "/webhooks/stripe",
  "/webhooks/nothing/here",
  "/mock/leads%2e%2e%2f",
  "/mock/nothing",
];
const vehiclePaths = tenants.flatMap((tenant) =>
  someSlugs(tenant).flatMap((slug) => [`/cars/${slug}`, `/bikes/${slug}`, `/cars/${slug}/enquire`]),
);
const segment = fc.stringMatching(/^[a-zA-Z0-9%._~-]{0,12}$/);
const pathArb = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...basePaths) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom("/api", "/webhooks", "/mock", "/API"), fc.array(segment, { minLength: 1, maxLength: 3 }))
      .map(([prefix, parts]) => `${prefix}/${parts.join("/")}`),
  },
  { weight: 2, arbitrary: fc.constantFrom(...vehiclePaths) },
  { weight: 2, arbitrary: fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => `/${parts.join("/")}`) },
);

const queryArb = fc.oneof(
  { weight: 4, arbitrary: fc.constant("") },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      "?_data=root",
      "?_data=routes/$page",
      "?_data=routes/nope",
      "?_data=",
      "?index",
      "?q=%3Cscript%3Ealert(1)%3C/script%3E",
      "?page=-1",
      "?page=99999999999999999999",
      "?refinementList[make][0]=Toyota&range[price]=1:2",
      "?refinementList[__proto__][0]=x",
      "?sortBy=nope",
      "?w=640&src=/demo-images/toyota-suv-1.svg",
      "?w=99999&src=http://169.254.169.254/",
      "?src=file:///etc/passwd&w=64",
      "?%E0%A4%A=1",
      "?phone=revealed",
    ),
  },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }).map((text) => `?${encodeURIComponent(text)}=${encodeURIComponent(text)}`) },
);

const methodArb = fc.oneof(
  { weight: 10, arbitrary: fc.constant("GET") },
  { weight: 8, arbitrary: fc.constant("POST") },
  { weight: 3, arbitrary: fc.constantFrom("HEAD", "PUT", "PATCH", "DELETE") },
  { weight: 2, arbitrary: fc.constantFrom("TRACE", "OPTIONS", "CONNECT", "PROPFIND", "BREW") },
);

const otherTypes = ["multipart/form-data", "text/plain", "image/png", "application/xml", "text/csv", ""];
const formField = fc.tuple(
  fc.constantFrom("name", "email", "phone", "message", "intent", "respond", "from__confirm", "name__confirm", "category", "lead", "x"),
  fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom("reveal-phone", "json", "a".repeat(1200), "%E0%A4%A", "{}")),
);
const urlencoded = "application/x-www-form-urlencoded";
const multipart = "multipart/form-data; boundary=zz";
/** A body and the content type it is sent with: usually its own, sometimes any other. */
const payloadArb = fc
  .tuple(
    fc.oneof(
      {
        weight: 4,
        arbitrary: fc.array(formField, { maxLength: 12 }).map((fields) => ({
          type: urlencoded,
          body: fields.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("&"),
        })),
      },
      { weight: 1, arbitrary: fc.integer({ min: 150, max: 400 }).map((count) => ({ type: urlencoded, body: "name=x&".repeat(count) })) },
      {
        weight: 1,
        arbitrary: fc.integer({ min: 60, max: 70 }).map((kb) => ({ type: urlencoded, body: `message=${"m".repeat(kb * 1024)}` })),
      },
      {
        weight: 2,
        arbitrary: fc.array(formField, { maxLength: 6 }).map((fields) => ({
          type: multipart,
          body: fields.map(([k, v]) => `--zz\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join("") + "--zz--\r\n",
        })),
      },
      { weight: 2, arbitrary: fc.json().map((json) => ({ type: "application/json", body: `{"lead":${json}}` })) },
      { weight: 1, arbitrary: fc.string({ maxLength: 200 }).map((body) => ({ type: "text/plain", body })) },
      {
        weight: 1,
        arbitrary: fc
          .constantFrom("", "--zz\r\ngarbage", "<?xml version='1.0'?><lead/>", "\u0000\u0001\u0002", "%%%")
          .map((body) => ({ type: multipart, body })),
      },
    ),
    fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constantFrom(...otherTypes) }),
    // A body-less request (no body, no type): what a probe's DELETE or an empty POST sends.
    fc.oneof({ weight: 5, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
  )
  .map(([payload, otherType, bodyless]) =>
    bodyless ? { contentType: "", body: "" } : { contentType: otherType ?? payload.type, body: payload.body },
  );

const forwardedArb = fc.record(
  {
    "X-Forwarded-Host": fc.constantFrom("a:99999", "kiwi-motors.localhost", "evil.example", "[::1]x", ""),
    "X-Forwarded-Proto": fc.constantFrom("https", "javascript", "a b", ""),
    "X-Forwarded-For": fc.constantFrom("1.2.3.4", "not-an-ip", "::1, 10.0.0.1", ""),
  },
  { requiredKeys: [] },
);
const originArb = fc.option(fc.constantFrom("evil", "null", "garbage", "https://evil.example", "http://harbourside.localhost"), {
  nil: undefined,
  freq: 1,
});

const requestArb = fc.record({
  host: hostArb,
  method: methodArb,
  path: pathArb,
  query: queryArb,
  payload: payloadArb,
  chunked: fc.boolean(),
  forwarded: forwardedArb,
  origin: originArb,
});
type Generated = typeof requestArb extends fc.Arbitrary<infer T> ? T : never;

function send(generated: Generated): Promise<RawReply> {
  const { host, method, path: urlPath, query, payload, chunked, forwarded, origin } = generated;
  const { contentType, body } = payload;
  const hasBody = method !== "GET" && method !== "HEAD" && body !== "";
  const headers: Record<string, string> = { ...forwarded };
  if (contentType !== "") headers["Content-Type"] = contentType;
  if (origin !== undefined) headers.Origin = origin;
  if (hasBody && chunked) headers["Transfer-Encoding"] = "chunked";
  const target = method === "CONNECT" ? "example.com:443" : urlPath + query;
  const written = !hasBody ? "" : chunked ? chunkedBody(body, Buffer.byteLength(body), 1024) : body;
  return rawRequest(edge.port, { method, target, host: host.host, headers }, written);
}

const LEAK = /\n\s+at [^\n]+:\d+:\d+|\/work\/|node_modules|\.tsx?:\d+|\bTypeError\b|\bReferenceError\b/;
const tokenPattern = /[a-z0-9]+(?:-[a-z0-9]+){2,}/g;

/**
 * What a reply shows of other tenants. The visitor's own request path is taken out first: a page may
 * echo the address it was asked for (a call link's `from=`), which shows the visitor nothing new.
 */
function leaksOf(reply: RawReply, tenant: string | null, requestedPath: string): string[] {
  const found: string[] = [];
  const body =
    requestedPath.length > 1 ? reply.body.split(encodeURIComponent(requestedPath)).join("").split(requestedPath).join("") : reply.body;
  const leak = LEAK.exec(reply.body);
  if (leak) found.push(`stack trace or path: ${leak[0]}`);
  for (const other of tenants) {
    if (other.slug === tenant) continue;
    if (reply.body.includes(other.site.name) || reply.body.includes(other.site.name.replace(/&/g, "&amp;")))
      found.push(`name of ${other.slug}`);
    if (reply.body.includes(other.site.phone)) found.push(`phone of ${other.slug}`);
  }
  for (const token of body.match(tokenPattern) ?? []) {
    const owner = slugOwner.get(token);
    if (owner !== undefined && owner !== tenant) found.push(`stock ${token} of ${owner}`);
  }
  return found;
}

describe(`${REQUESTS / 2} of ${REQUESTS} generated requests`, () => {
  // 2,500 requests: about 30 s on a quiet machine; CI builds the container image beside the suite.
  it("never answer 5xx, never show a stack trace, never show another tenant's data", { timeout: 240_000 }, async () => {
    const requests = fc.sample(requestArb, { seed: SEED, numRuns: REQUESTS }).filter((_, index) => index % 2 === SHARE);
    const failures: string[] = [];
    let next = 0;
    const statuses = new Map<number, number>();
    const worker = async () => {
      while (next < requests.length) {
        const generated = requests[next++]!;
        let reply: RawReply;
        try {
          reply = await send(generated);
        } catch (error) {
          failures.push(`${JSON.stringify(generated)} → connection error ${String(error)}`);
          continue;
        }
        statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
        // A usable Host names the only tenant whose data may appear; X-Forwarded-Host is not trusted here.
        const problems =
          reply.status >= 500 || !reply.status ? [`status ${reply.status}`] : leaksOf(reply, generated.host.tenant, generated.path);
        if (problems.length > 0) failures.push(`${JSON.stringify(generated).slice(0, 600)} → ${reply.status}: ${problems.join(", ")}`);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    expect(failures.slice(0, 10)).toEqual([]);
    // the generator reached the routes and every refusal, not only one kind of answer
    expect(statuses.get(200) ?? 0).toBeGreaterThan(requests.length / 20);
    for (const status of [400, 403, 404, 405, 413, 415]) expect(statuses.get(status) ?? 0, `answers with ${status}`).toBeGreaterThan(10);
  });
});

describe("programs' paths (/api/, /webhooks/, /mock/) no route claims", () => {
  const unclaimed = [
    "/api/leads%2e%2e%2f",
    "/api/nothing",
    "/api/leads/abc/def",
    "/webhooks/nothing",
    "/mock/leads%2e%2e%2f",
    "/API/nothing",
  ];
  const methods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];

  it("answer 404 JSON {error} to every method, with or without a body", async () => {
    for (const urlPath of unclaimed)
      for (const method of methods) {
        const reply = await rawRequest(edge.port, { method, target: urlPath, host: "harbourside.localhost", headers: {} }, "");
        expect([urlPath, method, reply.status]).toEqual([urlPath, method, 404]);
        if (method !== "HEAD") expect(JSON.parse(reply.body)).toEqual({ error: "Not found" });
      }
  });

  it("a method the route does not take answers 405 JSON with Allow", async () => {
    const refused = [
      { method: "GET", target: "/webhooks/stripe", allow: "POST, PUT, PATCH, DELETE" },
      { method: "DELETE", target: "/api/search/used-cars", allow: "GET, HEAD" },
    ];
    for (const { method, target, allow } of refused) {
      const reply = await rawRequest(edge.port, { method, target, host: "harbourside.localhost", headers: {} }, "");
      expect(reply.status, `${method} ${target}`).toBe(405);
      expect(reply.headers["allow"]).toEqual([allow]);
      expect(JSON.parse(reply.body)).toEqual({ error: "Method not allowed." });
    }
  });
});
