import { describe, expect, it } from "vitest";
import { CROSS_SITE_MESSAGE } from "~/server/security/cross-site";
import { FINANCE_FLOW } from "~/server/multi-step/flows";
import { formsAppForFile, validFields } from "./forms-harness";
import { FlowVisitor, validStep } from "./multi-step-visitor";

const HOST = "harbourside.localhost";

const app = formsAppForFile({ MOCK_LEADS: undefined });

const contact = () => validFields("general", app.tenant("harbourside"));

describe("cross-site posts", () => {
  it("refuse a form post from another site's page with 403 and a plain message, storing nothing", async () => {
    const before = await app.leadCount();
    const refusals: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { origin: "null" },
      { origin: "evil" },
      { origin: "garbage://\u00ff" },
      { origin: "http://kiwi-motors.localhost" },
      { origin: `http://${HOST}`, "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "cross-site" },
    ];
    for (const headers of refusals) {
      const reply = await app.postForm(HOST, "/contact", contact(), { headers });
      expect(reply.status, JSON.stringify(headers)).toBe(403);
      expect(reply.headers["content-type"]).toMatch(/^text\/plain/);
      expect(reply.body).toBe(CROSS_SITE_MESSAGE);
    }
    expect(await app.leadCount()).toBe(before);
  });

  it("refuse a ?_data= post from another site's page", async () => {
    const before = await app.leadCount();
    const reply = await app.postForm(HOST, "/contact?_data=routes%2Fcontact", contact(), { headers: { origin: "https://evil.example" } });
    expect(reply.status).toBe(403);
    expect(reply.body).toBe(CROSS_SITE_MESSAGE);
    expect(await app.leadCount()).toBe(before);
  });

  it("refuse a multi-step step and a reservation from another site's page", async () => {
    const before = await app.leadCount();
    const visitor = new FlowVisitor(app, HOST);
    const step = await app.send(HOST, `${FINANCE_FLOW.path}?step=1`, {
      method: "POST",
      body: new URLSearchParams({ step: "1", intent: "submit", ...validStep(FINANCE_FLOW, 1, app.tenant("harbourside")) }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example", cookie: visitor.cookieHeader() },
    });
    expect(step.status).toBe(403);
    expect(await app.leadCount()).toBe(before);
  });

  it("let the site's own pages post, with JavaScript (?_data=) and without (no Origin)", async () => {
    const before = await app.leadCount();
    const own = await app.postForm(HOST, "/contact", contact(), { headers: { origin: `http://${HOST}`, "sec-fetch-site": "same-origin" } });
    expect(own.status).toBe(303);
    const data = await app.postForm(HOST, "/contact?_data=routes%2Fcontact", contact(), { headers: { origin: `http://${HOST}` } });
    expect(data.status).toBe(204);
    expect(data.headers["x-remix-redirect"]).toMatch(/^\/success\?/);
    const noJs = await app.postForm(HOST, "/contact", contact());
    expect(noJs.status).toBe(303);
    // Behind the proxy, the forwarded host is the site's address.
    const proxied = await app.postForm(HOST, "/contact", contact(), {
      headers: { "x-forwarded-host": "www.harbourside.example.com.au", origin: "https://www.harbourside.example.com.au" },
    });
    expect(proxied.status).toBe(303);
    expect(await app.leadCount()).toBe(before + 4);
  });

  it("leave reading alone: a GET with another site's Origin is answered", async () => {
    const page = await app.send(HOST, "/contact", { headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" } });
    expect(page.status).toBe(200);
  });
});
