import { describe, expect, it } from "vitest";
import { GARAGE_MESSAGES } from "~/server/garage/messages";
import { readHeaders } from "~/server/leads/delivery/local-mailbox";
import { logger } from "~/server/lib/logger";
import { latestHitsFrom, sendSearchDigests, type DigestDeps } from "~/server/garage/search-digest";
import { formsAppForFile } from "./forms-harness";
import { garageSteps } from "./garage-harness";

// A saved search's opted-in daily email lists the cars new since its last email, once.

const HOST = "harbourside.localhost";
const { post, mailFor, signIn } = garageSteps(() => app, HOST);

const app = formsAppForFile({ SMTP_URL: undefined });

function deps(): DigestDeps {
  const { services } = app;
  return {
    db: services.db,
    mailer: services.mailer,
    secrets: services.env.sessionSecrets,
    log: logger,
    latestHits: latestHitsFrom(services.search, logger),
  };
}

async function saveSearch(email: string, name: string) {
  const { garage } = await signIn(email);
  expect((await post("/my-garage", { intent: "save-search", name, url: "/search/used-cars" }, garage)).status).toBe(303);
  const row = await app.db.db.selectFrom("saved_searches").select(["id", "user_id"]).where("name", "=", name).executeTakeFirstOrThrow();
  return Number(row.id);
}

describe("saved-search daily email", () => {
  it("sends one email for an opted-in search with new cars, and only one however often it runs that day", async () => {
    const email = "digest@example.com";
    const id = await saveSearch(email, "Used for digest");
    const tenant = app.tenant("harbourside");
    // The opt-in is a plain POST form in the garage's saved-searches tab.
    const { garage } = await signIn(email);
    const tab = await app.send(HOST, "/my-garage?tab=saved-searches", { headers: { cookie: garage } });
    expect(tab.body).toContain("Email me new matches for Used for digest daily");
    expect((await post("/my-garage", { intent: "search-digest", search_id: String(id), on: "1" }, garage)).status).toBe(303);
    const after = await app.send(HOST, "/my-garage?tab=saved-searches", { headers: { cookie: garage } });
    expect(after.body).toContain("Stop the daily email for Used for digest");
    // Opted in long ago: every used car listed since is new.
    await app.db.db.updateTable("saved_searches").set({ digest_since: 0 }).where("id", "=", id).execute();

    expect(await sendSearchDigests(deps(), tenant, "2026-11-24")).toBe(1);
    expect(await sendSearchDigests(deps(), tenant, "2026-11-24")).toBe(0);
    const mails = (await mailFor("harbourside", email)).filter((raw) => raw.includes("for your search Used for digest"));
    expect(mails).toHaveLength(1);
    expect(readHeaders(mails[0]!).get("subject")).toMatch(/^\d+ new cars? for your search Used for digest$/);
    expect(mails[0]).toContain("/saved-searches/unsubscribe?token=");
    // Each new car: its title and price as shown, and its page; then the whole search.
    const count = Number(/Subject: (\d+) new/.exec(mails[0]!)?.[1]);
    expect(count).toBeGreaterThan(0);
    expect(mails[0]!.match(/^\d{4} .+ - .+\r?\nhttps?:\/\/\S+$/gm)?.length).toBe(count);
    expect(mails[0]).toMatch(/ - \$\d{1,3}(,\d{3})*\r?\n/);
    expect(mails[0]).toContain("See the whole search: http");

    // The next day: nothing listed since the last email, so no email.
    expect(await sendSearchDigests(deps(), tenant, "2026-11-25")).toBe(0);

    // Unsubscribe without signing in: GET shows a button and changes nothing; the POST stops the emails.
    const link = /(https?:\/\/\S+\/saved-searches\/unsubscribe\?token=[A-Za-z0-9._%-]+)/.exec(mails[0]!)?.[1];
    const target = new URL(link!);
    const confirm = await app.send(HOST, `${target.pathname}${target.search}`);
    expect(confirm.status).toBe(200);
    expect(confirm.body).toContain("Stop the daily email for this search");
    const done = await post(`${target.pathname}${target.search}`, { token: target.searchParams.get("token")! });
    expect(done.status).toBe(200);
    expect(done.body).toContain(GARAGE_MESSAGES.searchUnsubscribed);
    const row = await app.db.db.selectFrom("saved_searches").select("digest").where("id", "=", id).executeTakeFirstOrThrow();
    expect(Number(row.digest)).toBe(0);
  });

  it("sends nothing for a search without the opt-in", async () => {
    const email = "nodigest@example.com";
    const id = await saveSearch(email, "Used without digest");
    await app.db.db.updateTable("saved_searches").set({ digest_since: 0 }).where("id", "=", id).execute();
    const before = (await mailFor("harbourside", email)).length;
    await sendSearchDigests(deps(), app.tenant("harbourside"), "2026-11-26");
    expect((await mailFor("harbourside", email)).length).toBe(before);
  });
});
