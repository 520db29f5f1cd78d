import { describe, expect, it } from "vitest";
import { cookieNamed, freshIp, formsAppForFile, validFields, type Reply, forgetMyDetails } from "./forms-harness";

// The details a visitor typed are kept only sealed in fc_visitor, pre-fill the next
// form, and 'Forget my details' (a POST that works without JavaScript) drops them.

const HOST = "kiwi-motors.localhost";

const app = formsAppForFile();

const visitorCookie = (reply: Reply): string => cookieNamed(reply, "fc_visitor");

describe("stored details and 'Forget my details'", () => {
  it("pre-fills the next form, never shows the details readable in the cookie, and forgets them on request", async () => {
    const fields = validFields("general", app.tenant("kiwi-motors"), { email: "mary-jane@example.co.nz" });
    const sent = await app.postForm(HOST, "/contact", fields, { ip: freshIp() });
    expect(sent.status).toBe(303);
    const cookie = visitorCookie(sent);
    const decoded = Buffer.from(decodeURIComponent(cookie.slice("fc_visitor=".length)).split(".")[0], "base64").toString("utf8");
    expect(decoded).not.toContain("mary-jane@example.co.nz");
    expect(decoded).not.toContain(fields.name);

    const prefilled = await app.send(HOST, "/contact", { headers: { cookie } });
    expect(prefilled.body).toContain('value="mary-jane@example.co.nz"');
    expect(prefilled.body).toContain('data-testid="forget-details"');

    const forgot = await forgetMyDetails(app, HOST, "/contact", cookie);
    expect(forgot.status).toBe(303);
    expect(forgot.headers.location).toBe("/contact");
    const after = await app.send(HOST, "/contact", { headers: { cookie: visitorCookie(forgot) } });
    expect(after.status).toBe(200);
    expect(after.body).not.toContain("mary-jane@example.co.nz");
    expect(after.body).not.toContain('data-testid="forget-details"');
  });

  it("offers 'Forget my details' on a multi-step step it pre-filled, and not once they are forgotten", async () => {
    const fields = validFields("general", app.tenant("kiwi-motors"), { email: "flow-visitor@example.co.nz" });
    const sent = await app.postForm(HOST, "/contact", fields, { ip: freshIp() });
    const cookie = visitorCookie(sent);
    const step = await app.send(HOST, "/finance/apply", { headers: { cookie } });
    expect(step.status).toBe(200);
    expect(step.body).toContain(`value="${fields.name}"`);
    expect(step.body).toContain('data-testid="forget-details"');

    const forgot = await forgetMyDetails(app, HOST, "/finance/apply", cookie);
    expect(forgot.headers.location).toBe("/finance/apply");
    const after = await app.send(HOST, "/finance/apply", { headers: { cookie: visitorCookie(forgot) } });
    expect(after.body).not.toContain(`value="${fields.name}"`);
    expect(after.body).not.toContain('data-testid="forget-details"');
  });

  it("goes back only to a path on this site, and a GET changes nothing", async () => {
    const forgot = await forgetMyDetails(app, HOST, "//evil.example/phish");
    expect(forgot.status).toBe(303);
    expect(forgot.headers.location).toBe("/");
    const get = await app.send(HOST, "/forget-my-details");
    expect(get.status).toBe(405);
    expect(get.headers["set-cookie"] ?? []).toEqual([]);
  });
});
