import { expect, test } from "./support";
import { detailPath, pickVehicle } from "./vehicle-stock";

// The DEMO_FAKES server (playwright.config.ts) gives outback-4x4 a Turnstile captcha: the fake widget
// (/__fakes/captcha/api.js) and the fake siteverify.
const fakesPort = Number(process.env.E2E_FAKES_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 2000);
const SLUG = "outback-4x4";
const DEMO_WIDGET_TEXT = "Security check passed (demo widget).";

test("outback-4x4: a vehicle enquiry passes the captcha (the widget's token with JavaScript, honeypot and fill time without) and lands on /success", async ({
  page,
  javaScriptEnabled,
}) => {
  const vehicle = pickVehicle(SLUG);
  await page.goto(`http://${SLUG}.localhost:${fakesPort}${detailPath(SLUG, vehicle)}/enquire`);
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Submit an enquiry" })).toBeVisible();
  if (javaScriptEnabled) await expect(dialog.getByText(DEMO_WIDGET_TEXT)).toBeVisible();
  else await expect(dialog.getByText(DEMO_WIDGET_TEXT)).toHaveCount(0);

  await dialog.getByLabel(/^Name/).fill("Jane Citizen");
  await dialog.getByLabel(/^Email/).fill(`jane.captcha.${Date.now()}@example.com`);
  await dialog.getByLabel(/^Phone/).fill("0412 345 678");
  // The fill-time guard wants a person's pace.
  await page.waitForTimeout(2100);
  const posted = page.waitForRequest((request) => request.method() === "POST");
  await dialog.getByRole("button", { name: "Enquire Now" }).click();
  const body = (await posted).postData() ?? "";
  // With JavaScript the widget's token goes with the form; without it there is no token field at all.
  if (javaScriptEnabled) expect(new URLSearchParams(body).get("cf-turnstile-response")).toBe("XXXX.DUMMY.TOKEN.XXXX");
  else expect(new URLSearchParams(body).has("cf-turnstile-response")).toBe(false);

  await expect(page).toHaveURL(/\/success\?category=used-vehicle-enquiry$/);
  await expect(page.getByRole("heading", { name: "Thank you" })).toBeVisible();
});
