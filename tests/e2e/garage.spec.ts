import { execFile } from "node:child_process";
import { mkdtemp, readFile, readdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { loadStock } from "~/server/inventory/load-stock";
import { readHeaders } from "~/server/leads/delivery/local-mailbox";
import { expect, tenantUrl, test } from "./support";
import { demoTenant } from "./vehicle-stock";
import { stockImportCommand } from "../fixtures/stock-import-command";

// Save a car without an account → header count → sign in with the mailed code → the garage
// shows the car → opt in to alerts → an import lowers its price → 'price dropped' and one alert email.
// Runs with JavaScript on (fetcher) and off (POST + 303) on both garage sites.

const dataDir = path.resolve(process.env.E2E_DATA_DIR ?? "./data/e2e");
const mailbox = path.join(dataDir, "mailbox");

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

/** Subjects of the saved-car alerts mailed to this address (the local mailbox, headers unfolded). */
async function alertSubjects(tenant: string, to: string): Promise<string[]> {
  const dir = path.join(mailbox, tenant);
  const subjects: string[] = [];
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (!name.startsWith("garage-alert-")) continue;
    const headers = readHeaders(await readFile(path.join(dir, name), "utf8"));
    if (headers.get("to") === to) subjects.push(headers.get("subject") ?? "");
  }
  return subjects;
}

/**
 * Sets one car's price the way a dealer's system does on a site without a push token: the import CLI
 * with a partial feed, against the e2e server's own data folder (same env as its webServer). Without
 * a price, the car goes back to its demo stock price, so the other specs find the prices they expect.
 */
async function importPrice(tenant: string, carId: number, price?: number): Promise<void> {
  const vehicle = loadStock(demoTenant(tenant)).find((candidate) => candidate.id === carId);
  if (!vehicle) throw new Error(`no vehicle ${carId} in ${tenant}`);
  const file = path.join(await mkdtemp(path.join(tmpdir(), "garage-e2e-")), "feed.json");
  await writeFile(file, JSON.stringify({ vehicles: [{ ...vehicle, price: price ?? vehicle.price }] }));
  const command = stockImportCommand(["--tenant", tenant, "--file", file, "--partial"]);
  await promisify(execFile)(command.file, command.args, {
    env: { ...process.env, DATA_DIR: dataDir, SESSION_SECRET: "e2e-session-secret-0123456789abcdef", LOG_LEVEL: "warn" },
  });
}

for (const { slug, garage } of [
  { slug: "harbourside", garage: /\/my-garage\?tab=saved-cars$/ },
  { slug: "lakeside-auto", garage: /\/mymotorama\/saved$/ },
]) {
  test(`${slug}: save a car, sign in with the emailed code, find it in the garage, one email when an import lowers its price`, async ({
    page,
  }, testInfo) => {
    await page.goto(tenantUrl(slug, "/search/used-cars"));
    // Each project saves its own car, so one project's import is not the other's baseline.
    const card = page.getByTestId("vehicle-card").nth(testInfo.project.name === "no-js" ? 1 : 0);
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

    const garageCar = page.getByTestId("saved-car").filter({ hasText: title });
    const carId = Number(await garageCar.getAttribute("data-vehicle-id"));
    const before = Number((await garageCar.getByTestId("saved-price").innerText()).replace(/[^0-9]/g, ""));
    await garageCar.getByRole("button", { name: "Email me if the price drops or it sells" }).click();
    await expect(garageCar.getByRole("button", { name: "Stop price-drop and sold emails" })).toBeVisible();
    await expect(garageCar.getByTestId("saved-marker")).toHaveCount(0);

    try {
      await importPrice(slug, carId, before - 1000);
      await expect(async () => {
        await page.reload();
        await expect(garageCar.getByTestId("saved-marker")).toHaveText("price dropped", { timeout: 1_000 });
      }).toPass({ timeout: 10_000 });
      const lowered = `$${(before - 1000).toLocaleString("en-AU")}`;
      await expect(garageCar.getByTestId("saved-price")).toContainText(lowered);

      // Alerts may go out after the import's reply: wait for the email, then make sure it is the only one.
      await expect.poll(() => alertSubjects(slug, email), { timeout: 10_000 }).toHaveLength(1);
      const [subject] = await alertSubjects(slug, email);
      expect(subject).toMatch(/^Price drop: .+ is now /);
      expect(subject).toContain(lowered);
    } finally {
      await importPrice(slug, carId);
    }
  });
}
