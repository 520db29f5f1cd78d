import path from "node:path";
import Database from "better-sqlite3";
import { expect, tenantUrl, test } from "./support";

// Click-to-call with JavaScript, and the consent banner with and without it.
const DB_FILE = path.resolve(process.env.E2E_DATA_DIR ?? "./data/e2e", "forecourt.db");

function eventsAt(url: string, eventId: number, tenant = "harbourside"): number {
  const db = new Database(DB_FILE, { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare("select count(*) as n from events where tenant = ? and event_id = ? and url = ?").get(tenant, eventId, url) as {
      n: number;
    };
    return row.n;
  } finally {
    db.close();
  }
}

// Without JavaScript the link is /go/call (tests/integration/events-http.test.ts).
test("clicking a phone link records click-to-call (25) once and still follows the tel: link @js-only", async ({ page }) => {
  const at = `/contact?visit=${Date.now()}`;
  await page.goto(tenantUrl("harbourside", at));
  const phone = page.getByTestId("header-phone");
  await expect(phone).toHaveAttribute("href", /^tel:\d+$/);
  let beacons = 0;
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/events") beacons += 1;
  });
  await page.evaluate(() => {
    document.addEventListener("click", (event) => {
      (window as unknown as { prevented: boolean }).prevented = event.defaultPrevented;
      event.preventDefault(); // keep the test page here; the app's own handler has already run
    });
  });
  await phone.click();
  expect(await page.evaluate(() => (window as unknown as { prevented: boolean }).prevented)).toBe(false);
  await expect.poll(() => eventsAt(at, 25)).toBe(1);
  // One beacon, and the /go/call fallback never ran: the event is in the log once.
  expect(beacons).toBe(1);
});

test("the consent banner: reject is remembered and loads no marketing tag", async ({ page, javaScriptEnabled }) => {
  const tagRequests: string[] = [];
  page.on("request", (request) => {
    if (/googletagmanager|facebook\.net/.test(request.url())) tagRequests.push(request.url());
  });
  await page.goto(tenantUrl("coastal-campers", "/contact"));
  const banner = page.getByTestId("consent-banner");
  await expect(banner.getByRole("heading", { name: "Cookies on this site" })).toBeVisible();
  // The banner goes at once with JavaScript; the choice is remembered when the answer's cookie arrives.
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === "/consent");
  await banner.getByRole("button", { name: "Reject" }).click();
  await answered;
  await expect(banner).toHaveCount(0);
  if (!javaScriptEnabled) await expect(page).toHaveURL(/\/contact$/);
  await page.reload();
  await page.waitForLoadState("load");
  await expect(page.getByTestId("consent-banner")).toHaveCount(0);
  await page.waitForTimeout(javaScriptEnabled ? 1500 : 0);
  expect(tagRequests).toEqual([]);
});

// Tags are scripts: JavaScript only.
test("accepting loads the dealer's tag manager after the page is interactive @js-only", async ({ page }) => {
  await page.route(/googletagmanager\.com|facebook\.net/, (route) =>
    route.fulfill({ status: 200, contentType: "text/javascript", body: "" }),
  );
  await page.goto(tenantUrl("coastal-campers", "/"));
  await page.getByTestId("consent-banner").getByRole("button", { name: "Accept" }).click();
  await expect(page.getByTestId("consent-banner")).toHaveCount(0);
  await expect(page.locator('script[src*="googletagmanager.com/gtm.js?id=GTM-CCC0101"]')).toHaveCount(1, { timeout: 10_000 });
});

test("the tag manager is inserted once: a move to another page inside the site adds no second copy @js-only", async ({ page }) => {
  await page.route(/googletagmanager\.com|facebook\.net/, (route) =>
    route.fulfill({ status: 200, contentType: "text/javascript", body: "" }),
  );
  await page.goto(tenantUrl("coastal-campers", "/search/new-used-and-demo-cars"));
  await page.getByTestId("consent-banner").getByRole("button", { name: "Accept" }).click();
  const gtm = page.locator('script[src*="googletagmanager.com/gtm.js"]');
  await expect(gtm).toHaveCount(1, { timeout: 10_000 });
  // A filter applied with JavaScript moves to another results page inside the same document.
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  const make = page.getByTestId("search-filters").getByTestId("facet-make").getByRole("checkbox").first();
  await make.check();
  await expect(page).not.toHaveURL(/\/search\/new-used-and-demo-cars$/);
  await expect(make).toBeChecked();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  await page.waitForTimeout(3500);
  await expect(gtm).toHaveCount(1);
});

/** Search click insights stored for a tenant (event 29 with `insight` in its properties), oldest first. */
function clickInsights(tenant: string): { url: string; properties: Record<string, unknown> }[] {
  const db = new Database(DB_FILE, { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare(
        'select url, properties from events where tenant = ? and event_id = 29 and properties like \'%"insight":"click"%\' order by id',
      )
      .all(tenant) as { url: string; properties: string }[];
    return rows.map((row) => ({ url: row.url, properties: JSON.parse(row.properties) as Record<string, unknown> }));
  } finally {
    db.close();
  }
}

test("a click on a search result is a search insight in our own log, with a 180-day token; not before consent where it is asked @js-only", async ({
  page,
  context,
}) => {
  // coastal-campers asks for consent: no insight, no token cookie, until the visitor accepts.
  await page.goto(tenantUrl("coastal-campers", "/search/new-used-and-demo-cars"));
  await page.getByTestId("vehicle-card").first().getByTestId("card-title").click();
  await expect(page).toHaveURL(/\/campers\//);
  await page.waitForTimeout(500);
  expect(clickInsights("coastal-campers")).toEqual([]);
  expect((await context.cookies()).some((cookie) => cookie.name === "fc_insights_token")).toBe(false);

  // harbourside logs events without asking: the second card of page 2 is position 23.
  await page.goto(tenantUrl("harbourside", "/search/new-used-and-demo-cars?page=2"));
  const card = page.getByTestId("vehicle-card").nth(1);
  const carId = await card.getAttribute("data-vehicle-id");
  const before = clickInsights("harbourside").length;
  await card.getByTestId("card-title").click();
  await expect(page).toHaveURL(/\/cars\//);
  await expect.poll(() => clickInsights("harbourside").length).toBe(before + 1);
  const [insight] = clickInsights("harbourside").slice(-1);
  const token = (await context.cookies()).find((cookie) => cookie.name === "fc_insights_token");
  expect(insight).toEqual({
    url: "/search/new-used-and-demo-cars?page=2",
    properties: expect.objectContaining({
      insight: "click",
      object_id: carId,
      position: 23,
      query_id: "/search/new-used-and-demo-cars?page=2",
      user_token: token?.value,
    }),
  });
  expect(token?.value).toMatch(/^anonymous-[0-9a-f]{32}$/);
  const days = ((token?.expires ?? 0) - Date.now() / 1000) / 86_400;
  expect(Math.round(days)).toBe(180);
});

// A local stand-in for the Zendesk snippet (no test reaches the internet): it keeps the callbacks the
// page subscribes so the test can play the widget's part.
const FAKE_ZENDESK = `
  window.__chatHandlers = {};
  window.zE = function (api, name, callback) {
    if (api === "webWidget:on") (window.__chatHandlers[name] = window.__chatHandlers[name] || []).push(callback);
  };
`;

test("a visitor's first chat message records 55 and the chat's lead form 57, once per chat session @js-only", async ({ page }) => {
  await page.route(/static\.zdassets\.com/, (route) => route.fulfill({ status: 200, contentType: "text/javascript", body: FAKE_ZENDESK }));
  const at = `/contact?chat=${Date.now()}`;
  const fire = (name: string, payload?: unknown) =>
    page.evaluate(
      ([handler, value]) => {
        const handlers = (window as unknown as { __chatHandlers: Record<string, ((v: unknown) => void)[]> }).__chatHandlers;
        for (const callback of handlers[handler as string] ?? []) callback(value);
      },
      [name, payload] as const,
    );
  await page.goto(tenantUrl("coastal-campers", at));
  // Answer the consent banner first; the chat is not a marketing tag, so either answer will do.
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === "/consent");
  await page.getByTestId("consent-banner").getByRole("button", { name: "Reject" }).click();
  await answered;
  await page.getByTestId("chat-button").click();
  await expect
    .poll(() => page.evaluate(() => Object.keys((window as unknown as { __chatHandlers?: object }).__chatHandlers ?? {}).length))
    .toBe(2);
  await fire("chat:start");
  await fire("chat:start");
  await fire("userEvent", { category: "Zendesk Web Widget", action: "Web Widget Opened" });
  await fire("userEvent", { category: "Zendesk Web Widget", action: "Chat Request Form Submitted" });
  await expect.poll(() => eventsAt(at, 55, "coastal-campers")).toBe(1);
  await expect.poll(() => eventsAt(at, 57, "coastal-campers")).toBe(1);

  // The same chat session on the next page view: only the opening (54) is sent again.
  const sent: number[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname !== "/api/events") return;
    const body = JSON.parse(request.postData() ?? "{}") as { event?: { category?: number } };
    if (body.event?.category && body.event.category >= 54) sent.push(body.event.category);
  });
  await page.reload();
  await page.getByTestId("chat-button").click();
  await expect
    .poll(() => page.evaluate(() => Object.keys((window as unknown as { __chatHandlers?: object }).__chatHandlers ?? {}).length))
    .toBe(2);
  await fire("chat:start");
  await fire("userEvent", { action: "Contact Form Submitted" });
  await expect.poll(() => eventsAt(at, 54, "coastal-campers")).toBe(2);
  await page.waitForTimeout(500);
  expect(sent).toEqual([54]);
  expect(eventsAt(at, 55, "coastal-campers")).toBe(1);
  expect(eventsAt(at, 57, "coastal-campers")).toBe(1);
});

for (const width of [1280, 390]) {
  test(`at ${width} px the consent banner leaves the chat button visible and pressable @js-only`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(tenantUrl("coastal-campers", "/contact"));
    const banner = page.getByTestId("consent-banner");
    const chat = page.getByTestId("chat-button");
    await expect(banner).toBeVisible();
    await expect(chat).toBeVisible();
    const [b, c] = [await banner.boundingBox(), await chat.boundingBox()];
    if (!b || !c) throw new Error("no layout box");
    expect(c.y + c.height).toBeLessThanOrEqual(b.y);
    // The topmost element at the button's centre is the button itself.
    const hit = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.closest("[data-testid]")?.getAttribute("data-testid"), [
      c.x + c.width / 2,
      c.y + c.height / 2,
    ] as const);
    expect(hit).toBe("chat-button");
  });
}
