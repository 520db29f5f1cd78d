import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { expect, tenantUrl, test } from "./support";

// Issue 14: save a car without an account → header count → sign in with the mailed code → the garage
// shows the car. Runs with JavaScript on (fetcher) and off (POST + 303) on both garage sites.

const mailbox = path.resolve(process.env.E2E_DATA_DIR ?? "./data/e2e", "mailbox");

/** The code mailed to this address, read from the local mailbox (no SMTP_URL in the test server). */
async function mailedCode(tenant: string, to: string): Promise<string> {
  const dir = path.join(mailbox, tenant);
  for (let tries = 0; tries < 50; tries += 1) {
    for (const name of await readdir(dir).catch(() => [] as string[])) {
      const raw = (await readFile(path.join(dir, name), "utf8")).replace(/=\r?\n/g, "");
      const code = raw.includes(`To: ${to}`) ? /sign-in code for .+ is (\d{6})\./.exec(raw)?.[1] : undefined;
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code mailed to ${to}`);
}

for (const { slug, garage } of [
  { slug: "harbourside", garage: /\/my-garage\?tab=saved-cars$/ },
  { slug: "lakeside-auto", garage: /\/mymotorama\/saved$/ },
]) {
  test(`${slug}: save a car, sign in with the emailed code, find it in the garage`, async ({ page }, testInfo) => {
    await page.goto(tenantUrl(slug, "/search/used-cars"));
    const card = page.getByTestId("vehicle-card").first();
    const title = (await card.getByTestId("card-title").innerText()).trim();
    await expect(page.getByTestId("saved-count")).toHaveText("0");

    // The save reaches the server (the fetcher's POST with JS, the form's 303 without) before we go on.
    const saved = page.waitForResponse((response) => response.url().includes("/saved-cars") && response.request().method() === "POST");
    await card.getByRole("button", { name: `Save ${title}` }).click();
    await saved;
    await expect(page.getByRole("button", { name: `Remove ${title} from saved` }).first()).toBeVisible();
    await expect(page.getByTestId("saved-count")).toHaveText("1");
    // With JavaScript the fetcher saved it in place; without, the form came back to the card's anchor.
    expect(page.url().includes("#save-car-")).toBe(testInfo.project.name === "no-js");

    await page.getByTestId("saved-count-link").click();
    await expect(page).toHaveURL(garage);
    const email = `e2e-${testInfo.project.name}-${Date.now()}@example.com`;
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Email me a code" }).click();
    await expect(page.getByText(`We emailed a 6-digit code to ${email}`)).toBeVisible();
    await page.getByLabel("6-digit code").fill(await mailedCode(slug, email));
    await page.getByRole("button", { name: "Sign in" }).click();

    await expect(page).toHaveURL(garage);
    await expect(page.getByTestId("saved-car").filter({ hasText: title })).toBeVisible();
    await expect(page.getByTestId("sign-in")).toHaveCount(0);
    await expect(page.getByTestId("saved-count")).toHaveText("1");
  });
}
