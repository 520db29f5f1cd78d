import path from "node:path";
import Database from "better-sqlite3";
import { expect, tenantUrl, test } from "./support";

// Issue 15: click-to-call with JavaScript, and the consent banner with and without it.
const DB_FILE = path.resolve(process.env.E2E_DATA_DIR ?? "./data/e2e", "forecourt.db");

function eventsAt(url: string, eventId: number): number {
  const db = new Database(DB_FILE, { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare("select count(*) as n from events where tenant = 'harbourside' and event_id = ? and url = ?")
      .get(eventId, url) as { n: number };
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
