/**
 * Whatever a client sends, the answer is a 4xx with a short plain message (never
 * a 5xx, a reset or a stack trace), one request's body cannot stall the others, and a visitor who
 * mistypes an address sees the tenant's own 404 page.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EDGE_MESSAGES } from "~/server/http/edge-answers";
import type { Services } from "~/server/services";
import { loadTenants } from "~/server/tenants/load";
import { TenantDirectory } from "~/server/tenants/resolve";
import { chunkedBody, rawRequest, serveEdge, type RawReply } from "./edge-harness";
import { loadBuild } from "./support/http";
import { servicesFor } from "./support/services";
import { openTestDb, type TestDb } from "./support/test-db";

const tenants = loadTenants();
const directory = new TenantDirectory(tenants, { defaultTenant: "harbourside", trustProxy: false });
let testDb: TestDb;
let services: Services;
let edge: Awaited<ReturnType<typeof serveEdge>>;
let vehiclePath: string;

beforeAll(async () => {
  testDb = await openTestDb();
  services = await servicesFor({ tenants: directory, db: testDb.handle, env: { POST_RATE_LIMIT_PER_MINUTE: "10000" } });
  edge = await serveEdge({ build: await loadBuild(), services, mode: "production", trustProxy: false });
  const home = await rawRequest(edge.port, { target: "/search/new-used-and-demo-cars" });
  const href = /href="(\/[a-z0-9-]+\/[a-z0-9-]+-[a-z0-9]{6})"/.exec(home.body)?.[1];
  if (!href) throw new Error("no vehicle link on the harbourside search page");
  vehiclePath = href;
});

afterAll(async () => {
  await edge?.close();
  await testDb?.cleanup();
});

const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

function expectPlain(reply: RawReply, status: number, message: string) {
  expect(reply.status).toBe(status);
  expect(reply.headers["content-type"]?.[0]).toBe("text/plain; charset=utf-8");
  expect(reply.body).toBe(message);
}

describe("odd Host headers are a 400, not a 500", () => {
  for (const host of ["harbourside.localhost:99999", "harbourside.localhost:-1", "[::1]x", "a ,x", "harbourside.localhost:", "a b"]) {
    it(`Host: ${host}`, async () => {
      expectPlain(await rawRequest(edge.port, { host }), 400, EDGE_MESSAGES.badHost);
    });
  }

  it("a valid host with a port still reaches its tenant", async () => {
    const reply = await rawRequest(edge.port, { host: "harbourside.localhost:3000" });
    expect(reply.status).toBe(200);
    expect(reply.body).toContain("Harbourside Motor Group");
  });

  it("X-Forwarded-Host with a bad port is ignored while TRUST_PROXY is off", async () => {
    const reply = await rawRequest(edge.port, { headers: { "X-Forwarded-Host": "a:99999" } });
    expect(reply.status).toBe(200);
    expect(reply.body).toContain("Harbourside Motor Group");
  });

  it("behind a trusted proxy, a bad X-Forwarded-Host is a 400", async () => {
    const proxied = await serveEdge({ build: await loadBuild(), services, mode: "production", trustProxy: true });
    try {
      const reply = await rawRequest(proxied.port, { headers: { "X-Forwarded-Host": "a:99999", "X-Forwarded-Proto": "not a scheme" } });
      expectPlain(reply, 400, EDGE_MESSAGES.badForwardedHost);
      const good = await rawRequest(proxied.port, { host: "anything", headers: { "X-Forwarded-Host": "kiwi-motors.localhost" } });
      expect(good.body).toContain("Kiwi Motors");
    } finally {
      await proxied.close();
    }
  });
});

describe("methods and paths", () => {
  it("TRACE is 405 with Allow", async () => {
    const reply = await rawRequest(edge.port, { method: "TRACE" });
    expectPlain(reply, 405, EDGE_MESSAGES.methodNotAllowed);
    expect(reply.headers.allow?.[0]).toBe("GET, HEAD, POST, PUT, PATCH, DELETE");
  });

  it("CONNECT is answered 405, not dropped", async () => {
    const reply = await rawRequest(edge.port, { method: "CONNECT", target: "example.com:443" });
    expectPlain(reply, 405, EDGE_MESSAGES.methodNotAllowed);
  });

  for (const target of ["/%5c", "/%5C%5Cevil.example", "//evil.example", "http://evil.example/"]) {
    it(`GET ${target} is 400`, async () => {
      expectPlain(await rawRequest(edge.port, { target }), 400, EDGE_MESSAGES.badPath);
    });
  }
});

describe("POST /cars/<slug> with a body it cannot read", () => {
  for (const type of ["text/plain", "image/png", "application/xml", "application/json"]) {
    it(`${type} is 415`, async () => {
      const reply = await rawRequest(edge.port, { method: "POST", target: vehiclePath, headers: { "Content-Type": type } }, "<x>1</x>");
      expectPlain(reply, 415, EDGE_MESSAGES.unsupportedType);
    });
  }

  it("chunked JSON is 415", async () => {
    const reply = await rawRequest(
      edge.port,
      { method: "POST", target: vehiclePath, headers: { "Content-Type": "application/json", "Transfer-Encoding": "chunked" } },
      chunkedBody('{"a":1}', 7),
    );
    expectPlain(reply, 415, EDGE_MESSAGES.unsupportedType);
  });

  for (const [label, type, body] of [
    ["no boundary", "multipart/form-data", "intent=reveal"],
    ["garbage", "multipart/form-data; boundary=zz", "garbage"],
    ["no closing delimiter", "multipart/form-data; boundary=zz", '--zz\r\nContent-Disposition: form-data; name="intent"\r\n\r\nreveal'],
    ["a part without a name", "multipart/form-data; boundary=zz", "--zz\r\nContent-Type: text/plain\r\n\r\nx\r\n--zz--\r\n"],
  ] as const) {
    it(`malformed multipart (${label}) is 400`, async () => {
      const reply = await rawRequest(edge.port, { method: "POST", target: vehiclePath, headers: { "Content-Type": type } }, body);
      expectPlain(reply, 400, EDGE_MESSAGES.malformedForm);
    });
  }

  it("a well-formed multipart form still reaches the route", async () => {
    const body = '--zz\r\nContent-Disposition: form-data; name="intent"\r\n\r\nnot-an-intent\r\n--zz--\r\n';
    const reply = await rawRequest(
      edge.port,
      { method: "POST", target: vehiclePath, headers: { "Content-Type": "multipart/form-data; boundary=zz" } },
      body,
    );
    expect(reply.status).toBe(400);
    expect(reply.headers["content-type"]?.[0]).toBe("text/html; charset=utf-8");
  });
});

describe("form posts a route would choke on", () => {
  for (const origin of ["evil", "null", "garbage", "https://evil.example", "http://kiwi-motors.localhost"]) {
    it(`a cross-site Origin of ${origin} is a 403, not Remix's 500`, async () => {
      const reply = await rawRequest(edge.port, { method: "POST", target: "/contact", headers: { ...FORM, Origin: origin } }, "name=x");
      expectPlain(reply, 403, EDGE_MESSAGES.crossSite);
    });
  }

  it("the site's own Origin passes", async () => {
    const reply = await rawRequest(
      edge.port,
      { method: "POST", target: "/contact", headers: { ...FORM, Origin: "http://harbourside.localhost" } },
      "name=x",
    );
    expect(reply.status).toBe(400);
    expect(reply.body).toContain("<html");
  });

  it("a honeypot timestamp of 1,200 characters is answered as a bot (the usual success redirect), not 'Malformed UTF-8 data'", async () => {
    const reply = await rawRequest(
      edge.port,
      { method: "POST", target: "/contact", headers: FORM },
      `from__confirm=${"a".repeat(1200)}&name=x`,
    );
    // Bots get the redirect a person gets, and learn nothing.
    expect(reply.status).toBe(303);
    expect(reply.headers.location?.[0]).toMatch(/\/success/);
  });
});

describe("one request never stalls the others", () => {
  it("64,000 fields are refused with 413 before parsing, and another tenant keeps answering", async () => {
    const flood = rawRequest(edge.port, { method: "POST", target: "/contact", headers: FORM }, "name=x&".repeat(64_000));
    const health = rawRequest(edge.port, { host: "kiwi-motors.localhost", target: "/healthz" });
    expectPlain(await flood, 413, EDGE_MESSAGES.tooManyFields(200));
    expect((await health).status).toBe(200);
  });

  it("200 fields are accepted, 201 are not", async () => {
    const ok = await rawRequest(edge.port, { method: "POST", target: "/contact", headers: FORM }, "a=1&".repeat(199) + "a=1");
    expect(ok.status).toBe(400);
    expect(ok.body).toContain("<html");
    const over = await rawRequest(edge.port, { method: "POST", target: "/contact", headers: FORM }, "a=1&".repeat(200) + "a=1");
    expectPlain(over, 413, EDGE_MESSAGES.tooManyFields(200));
  });

  it("one field over 64 KB is 413", async () => {
    const reply = await rawRequest(edge.port, { method: "POST", target: "/contact", headers: FORM }, `message=${"m".repeat(65 * 1024)}`);
    expectPlain(reply, 413, EDGE_MESSAGES.fieldTooLarge(64));
  });

  it("a multipart form of 201 parts is 413", async () => {
    const part = '--zz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n';
    const reply = await rawRequest(
      edge.port,
      { method: "POST", target: "/contact", headers: { "Content-Type": "multipart/form-data; boundary=zz" } },
      part.repeat(201) + "--zz--\r\n",
    );
    expectPlain(reply, 413, EDGE_MESSAGES.tooManyFields(200));
  });

  it("an oversize chunked body gets 413 with its message, not a connection reset", async () => {
    const reply = await rawRequest(
      edge.port,
      { method: "POST", target: "/contact", headers: { ...FORM, "Transfer-Encoding": "chunked" } },
      chunkedBody("name=x&message=hello&", 3 * 1024 * 1024),
    );
    expectPlain(reply, 413, EDGE_MESSAGES.tooManyFields(200));
    const wide = await rawRequest(
      edge.port,
      { method: "POST", target: "/api/leads", headers: { "Content-Type": "application/json", "Transfer-Encoding": "chunked" } },
      chunkedBody(" ", 3 * 1024 * 1024),
    );
    expect(wide.status).toBe(413);
    expect(JSON.parse(wide.body)).toEqual({ error: EDGE_MESSAGES.bodyTooLarge });
  });

  it("a client over the post limit is refused before its body is read", async () => {
    const limitedServices = await servicesFor({ tenants: directory, db: testDb.handle, env: { POST_RATE_LIMIT_PER_MINUTE: "2" } });
    const limited = await serveEdge({ build: await loadBuild(), services: limitedServices, mode: "production", trustProxy: false });
    try {
      const post = () => rawRequest(limited.port, { method: "POST", target: "/contact", headers: FORM }, "name=x&".repeat(64_000));
      await post();
      await post();
      const third = await post();
      expect(third.status).toBe(429);
      expect(third.body).toMatch(/^Too many requests\. Please wait \d+ seconds? and try again\.$/);
      expect(Number(third.headers["retry-after"]?.[0])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });

  it("when the post count cannot be taken, posts are still checked and answered (never a 500 for every post)", async () => {
    const stuck = { ...services, postLimiter: { consume: () => Promise.reject(new Error("the cluster's primary did not answer")) } };
    const open = await serveEdge({ build: await loadBuild(), services: stuck, mode: "production", trustProxy: false });
    try {
      const oversized = await rawRequest(
        open.port,
        { method: "POST", target: "/contact", headers: FORM },
        "message=" + "x".repeat(2 * 1024 * 1024),
      );
      expectPlain(oversized, 413, EDGE_MESSAGES.bodyTooLarge);
      const form = await rawRequest(open.port, { method: "POST", target: "/contact", headers: FORM }, "name=x");
      expect(form.status).toBeLessThan(500);
    } finally {
      await open.close();
    }
  });

  it("a header block over Node's limit is 431 with a plain message", async () => {
    const reply = await rawRequest(edge.port, { headers: { "X-Big": "a".repeat(20_000) } });
    expectPlain(reply, 431, EDGE_MESSAGES.headersTooLarge);
  });
});

describe("not found", () => {
  it("an address no route claims shows the tenant's styled 404 with a title, not the router's text", async () => {
    const reply = await rawRequest(edge.port, { target: "/no/such/page/here" });
    expect(reply.status).toBe(404);
    expect(reply.body).toContain("<title>Page not found | Harbourside Motor Group</title>");
    expect(reply.body).toContain("We couldn&#x27;t find that page.");
    expect(reply.body).toContain('href="/contact"');
    expect(reply.body).not.toContain("No route matches");
  });
});
