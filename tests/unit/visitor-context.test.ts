import { describe, expect, it } from "vitest";
import {
  FIRST_QUERY_TTL_MS,
  SESSION_IDLE_MS,
  currentFirstQuery,
  newVisitor,
  recordVisit,
  rememberSuccessCategory,
  rememberUserDetails,
  forgetUserDetails,
  trackedParams,
  DETAILS_IDLE_MS,
} from "~/server/visitor/context";
import { commitVisitor, COOKIE_BYTES_LIMIT, readVisitor, requestDeviceId } from "~/server/visitor/cookie";
import type { CookieSettings } from "~/server/security/cookie-settings";

const T0 = Date.UTC(2026, 0, 1);
const url = (path: string) => new URL(`https://harbourside.example${path}`);

describe("visitor context", () => {
  it("creates device_ and session_ ids with 10 random characters", () => {
    const ctx = newVisitor(T0);
    expect(ctx.device_id).toMatch(/^device_[A-Za-z0-9]{10}$/);
    expect(ctx.session_id).toMatch(/^session_[A-Za-z0-9]{10}$/);
    expect(newVisitor(T0).device_id).not.toBe(ctx.device_id);
  });

  it("keeps the last 50 visited pages", () => {
    let ctx = newVisitor(T0);
    for (let i = 1; i <= 51; i += 1) ctx = recordVisit(ctx, url(`/cars/${i}`), T0 + i);
    expect(ctx.visited_pages).toHaveLength(50);
    expect(ctx.visited_pages[0]).toBe("/cars/2");
    expect(ctx.visited_pages[49]).toBe("/cars/51");
  });

  it("stores the first query without removed keys and keeps it over later pages", () => {
    let ctx = recordVisit(
      newVisitor(T0),
      url("/cars/x?utm_source=google&car_id=5&slug=a&payment_intent=p&payment_intent_client_secret=s&lead_id=l&colour=red"),
      T0,
    );
    ctx = recordVisit(ctx, url("/search?make=toyota"), T0 + 1000);
    expect(currentFirstQuery(ctx, T0 + 1000)).toEqual({ utm_source: "google", colour: "red" });
    expect(trackedParams(ctx, T0 + 1000)).toEqual({ utm_source: "google" });
  });

  it("clears the first query after 30 days", () => {
    const ctx = recordVisit(newVisitor(T0), url("/?gclid=abc"), T0);
    expect(currentFirstQuery(ctx, T0 + FIRST_QUERY_TTL_MS)).toEqual({ gclid: "abc" });
    expect(currentFirstQuery(ctx, T0 + FIRST_QUERY_TTL_MS + 1)).toBeNull();
    const later = recordVisit(ctx, url("/search?make=kia"), T0 + FIRST_QUERY_TTL_MS + 1);
    expect(currentFirstQuery(later, T0 + FIRST_QUERY_TTL_MS + 1)).toEqual({ make: "kia" });
  });

  it("keeps the tracked params of the first page that had any: a later ad click does not replace them", () => {
    let ctx = recordVisit(newVisitor(T0), url("/?utm_source=google&utm_medium=cpc"), T0);
    ctx = recordVisit(ctx, url("/?fbclid=xyz"), T0 + 1);
    expect(trackedParams(ctx, T0 + 1)).toEqual({ utm_source: "google", utm_medium: "cpc" });
  });

  it("takes the tracked params of a later page when the first page's query had none", () => {
    let ctx = recordVisit(newVisitor(T0), url("/search?make=kia"), T0);
    expect(trackedParams(ctx, T0)).toEqual({});
    ctx = recordVisit(ctx, url("/?gclid=g1&utm_campaign=spring&colour=red"), T0 + 1);
    ctx = recordVisit(ctx, url("/?fbclid=later"), T0 + 2);
    expect(trackedParams(ctx, T0 + 2)).toEqual({ gclid: "g1", utm_campaign: "spring" });
  });

  it("starts a new session after 30 idle minutes, keeping the device", () => {
    const ctx = newVisitor(T0);
    const same = recordVisit(ctx, url("/"), T0 + SESSION_IDLE_MS);
    const next = recordVisit(same, url("/"), T0 + 2 * SESSION_IDLE_MS + 1);
    expect(same.session_id).toBe(ctx.session_id);
    expect(next.session_id).not.toBe(ctx.session_id);
    expect(next.device_id).toBe(ctx.device_id);
  });

  it("remembers user details and the success category", () => {
    let ctx = rememberUserDetails(newVisitor(T0), {
      name: "Jane",
      email: "jane@example.com",
      phone: "0412345678",
      message: "not kept",
      postcode: "",
    });
    ctx = rememberSuccessCategory(ctx, "Service Enquiry");
    expect(ctx.user).toEqual({ name: "Jane", email: "jane@example.com", phone: "0412345678" });
    expect(ctx.success_category).toBe("Service Enquiry");
  });
});

const cookies: CookieSettings = { secure: true, secrets: ["visitor-unit-secret-0123456789"] };

describe("visitor cookie", () => {
  it("round-trips through a signed cookie", async () => {
    const ctx = rememberUserDetails(recordVisit(newVisitor(T0), url("/?utm_source=x"), T0), { name: "Jane" });
    const header = await commitVisitor(ctx, cookies);
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Lax/);
    expect(header).toMatch(/Path=\//);
    const cookiePair = header.split(";")[0];
    const back = await readVisitor(new Request("https://h.example/", { headers: { Cookie: cookiePair } }), cookies, T0);
    expect(back).toEqual(ctx);
  });

  it("ignores a tampered cookie", async () => {
    const header = await commitVisitor(newVisitor(T0), cookies);
    const tampered = header.split(";")[0].replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    const ctx = await readVisitor(new Request("https://h.example/", { headers: { Cookie: tampered } }), cookies, T0);
    expect(ctx.visited_pages).toEqual([]);
  });

  it("gives a first visit the request's own device id, and a returning visitor keeps the cookie's", async () => {
    const bare = new Request("https://h.example/");
    expect((await readVisitor(bare, cookies, T0, "device_AAAAAAAAAA")).device_id).toBe("device_AAAAAAAAAA");
    expect(await requestDeviceId(bare, cookies, "device_AAAAAAAAAA")).toBe("device_AAAAAAAAAA");
    const returning = newVisitor(T0, "device_BBBBBBBBBB");
    const cookie = (await commitVisitor(returning, cookies)).split(";")[0]!;
    const withCookie = new Request("https://h.example/", { headers: { Cookie: cookie } });
    expect((await readVisitor(withCookie, cookies, T0, "device_AAAAAAAAAA")).device_id).toBe("device_BBBBBBBBBB");
    expect(await requestDeviceId(withCookie, cookies, "device_AAAAAAAAAA")).toBe("device_BBBBBBBBBB");
  });

  it("stays under 4 KB with 50 long pages", async () => {
    let ctx = newVisitor(T0);
    for (let i = 0; i < 50; i += 1) ctx = recordVisit(ctx, url(`/cars/${"x".repeat(150)}-${i}?utm_source=${"y".repeat(300)}`), T0 + i);
    expect(ctx.visited_pages.every((page) => page.length <= 100)).toBe(true);
    const header = await commitVisitor(ctx, cookies);
    expect(header.length).toBeLessThanOrEqual(COOKIE_BYTES_LIMIT);
    const back = await readVisitor(new Request("https://h.example/", { headers: { Cookie: header.split(";")[0] } }), cookies, T0);
    expect(back.visited_pages.at(-1)).toBe(ctx.visited_pages.at(-1));
  });

  describe("stored details", () => {
    const details = { name: "Jane Citizen", email: "jane.citizen@example.com", phone: "0412345678", postcode: "2000" };
    const cookieOf = async (ctx: ReturnType<typeof newVisitor>) => (await commitVisitor(ctx, cookies)).split(";")[0];
    const read = (cookie: string, now: number, settings: CookieSettings = cookies) =>
      readVisitor(new Request("https://h.example/", { headers: { Cookie: cookie } }), settings, now);

    it("never carries name, email or phone readable in the cookie, yet reads them back", async () => {
      const cookie = await cookieOf(rememberUserDetails(newVisitor(T0), details));
      const decoded = Buffer.from(decodeURIComponent(cookie.split("=").slice(1).join("=")).split(".")[0], "base64").toString("utf8");
      for (const value of Object.values(details)) {
        expect(cookie).not.toContain(value);
        expect(decoded).not.toContain(value);
      }
      expect((await read(cookie, T0 + 1000)).user).toEqual(details);
    });

    it("forgets them after 90 days without a visit, not before", async () => {
      const cookie = await cookieOf(rememberUserDetails(newVisitor(T0), details));
      expect((await read(cookie, T0 + DETAILS_IDLE_MS - 60_000)).user).toEqual(details);
      expect((await read(cookie, T0 + DETAILS_IDLE_MS + 60_000)).user).toEqual({});
    });

    it("reads them after the secret list rotates", async () => {
      const cookie = await cookieOf(rememberUserDetails(newVisitor(T0), details));
      expect((await read(cookie, T0, { ...cookies, secrets: ["newer-secret-0123456789", ...cookies.secrets] })).user).toEqual(details);
    });

    it("'Forget my details' keeps the visit history and drops every detail", async () => {
      const ctx = recordVisit(rememberUserDetails(newVisitor(T0), details), url("/cars"), T0);
      const back = await read(await cookieOf(forgetUserDetails(ctx)), T0);
      expect(back.user).toEqual({});
      expect(back.visited_pages).toEqual(["/cars"]);
    });
  });
});
