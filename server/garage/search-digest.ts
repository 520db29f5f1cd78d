import { createHash } from "node:crypto";
import type { Db } from "~/server/db/connection";
import type { Mailer } from "~/server/leads/delivery/mailer";
import type { Logger } from "~/server/lib/logger";
import type { SearchService } from "~/server/search/backend";
import { runSearch } from "~/server/search/run-search";
import { vehicleHref } from "~/server/stock/can-reserve";
import { priceDisplay } from "~/server/stock/price-display";
import type { Vehicle } from "~/server/stock/vehicle";
import { vehicleTitle } from "~/server/stock/vehicle-title";
import type { Tenant } from "~/server/tenants/load";
import { latestFirst } from "./saved-searches";
import { siteTimeZone } from "~/server/tenants/time-zone";
import { digestDedupeKey, digestDueDay, newForDigest } from "./search-digest-rules";
import { unsubscribeToken } from "./unsubscribe-token";
import { formatCount } from "~/server/lib/format";
import { pluralise } from "~/server/lib/plural";

export type DigestDeps = {
  db: Db;
  mailer: Mailer;
  secrets: readonly string[];
  log: Logger;
  /** The saved search's cars, newest first ('Latest'); null when the search could not run. */
  latestHits(tenant: Tenant, path: string): Promise<Vehicle[] | null>;
};

// One page of the latest cars per email, as the garage's 'new matches' count reads.
const DIGEST_PAGE = 100;

/** The saved search run as 'Latest' through the tenant's search backend, as the garage tab does. */
export function latestHitsFrom(search: SearchService, log: Logger): DigestDeps["latestHits"] {
  return async (tenant, path) => {
    const outcome = await runSearch(
      new URL(latestFirst(path), "http://internal"),
      tenant,
      search.backendFor(tenant),
      log,
      Date.now(),
      DIGEST_PAGE,
    );
    return outcome.kind === "ok" ? outcome.page.hits : null;
  };
}

/** The unsubscribe link of a saved search's daily email: its own token space, apart from the saved cars'. */
export function digestUnsubscribeUrl(tenant: Tenant, secrets: readonly string[], searchId: number): string {
  const url = new URL("/saved-searches/unsubscribe", tenant.site.url);
  url.searchParams.set("token", unsubscribeToken(secrets, { tenant: `${tenant.slug}|search`, savedId: searchId }));
  return url.toString();
}

/** The daily email: each new car's title, price as shown on the site, and its page. */
export function digestEmail(tenant: Tenant, name: string, searchPath: string, cars: readonly Vehicle[], unsubscribeUrl: string) {
  const subject = `${formatCount(cars.length)} new ${pluralise("car", cars.length)} for your search ${name}`;
  const lines = cars.map(
    (car) =>
      `${vehicleTitle(car)} - ${priceDisplay(car, tenant.site).text}\n${new URL(vehicleHref(car, tenant.site), tenant.site.url).toString()}`,
  );
  const text =
    `New at ${tenant.site.name} for your saved search "${name}":\n\n${lines.join("\n\n")}\n\n` +
    `See the whole search: ${new URL(searchPath, tenant.site.url).toString()}\n\n` +
    `You get this email because you asked for a daily email of new cars for this search.\n` +
    `Stop these emails: ${unsubscribeUrl}\n`;
  return { subject, text };
}

/**
 * One tenant's daily run: each opted-in saved search with cars listed since its last email gets one
 * email. The day's row is claimed before sending (two instances, or the CLI and the timer, send once);
 * a failed send gives the claim back and leaves `digest_since` alone so the next run lists them again.
 */
export async function sendSearchDigests(deps: DigestDeps, tenant: Tenant, day: string, now = Date.now()): Promise<number> {
  const { db } = deps.db;
  const searches = await db
    .selectFrom("saved_searches")
    .select(["id", "user_id", "name", "url", "digest_since"])
    .where("tenant", "=", tenant.slug)
    .where("digest", "=", 1)
    .execute();
  if (searches.length === 0) return 0;
  const users = await db
    .selectFrom("garage_users")
    .select(["id", "email"])
    .where("tenant", "=", tenant.slug)
    .where("id", "in", [...new Set(searches.map((row) => row.user_id))])
    .execute();
  const emails = new Map(users.map((user) => [user.id, user.email]));
  let sent = 0;
  for (const search of searches) {
    const to = emails.get(search.user_id);
    if (to === undefined) continue;
    const hits = await deps.latestHits(tenant, search.url);
    if (hits === null) continue;
    const cars = newForDigest(hits, Number(search.digest_since ?? now));
    if (cars.length === 0) continue;
    const id = Number(search.id);
    const key = digestDedupeKey(tenant.slug, id, day);
    const claimed = await db
      .insertInto("saved_search_digests_sent")
      .values({ dedupe_key: key, tenant: tenant.slug, search_id: id, sent_at: now })
      .onConflict((conflict) => conflict.column("dedupe_key").doNothing())
      .executeTakeFirst();
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0n) === 0) continue;
    const newest = Math.max(...cars.map((car) => car.created_at_timestamp));
    const email = digestEmail(tenant, search.name, search.url, cars, digestUnsubscribeUrl(tenant, deps.secrets, id));
    try {
      await deps.mailer.send({
        tenant: tenant.slug,
        key: `garage-digest-${createHash("sha256").update(key).digest("hex").slice(0, 32)}`,
        fromName: tenant.site.name,
        to,
        replyTo: null,
        subject: email.subject,
        text: email.text,
        html: null,
      });
      // The next email starts after the newest car this one listed.
      await db.updateTable("saved_searches").set({ digest_since: newest }).where("id", "=", id).execute();
      sent += 1;
    } catch (error) {
      deps.log.error({ err: error, tenant: tenant.slug, search: id }, "saved-search email could not be sent; the next run tries again");
      await db.deleteFrom("saved_search_digests_sent").where("dedupe_key", "=", key).execute();
    }
  }
  if (sent > 0) deps.log.info({ tenant: tenant.slug, sent }, "saved-search emails sent");
  return sent;
}

/** How often the timer looks whether a tenant's digest hour has come (a number of our own). */
export const DIGEST_CHECK_INTERVAL_MS = 10 * 60 * 1000;

/**
 * The daily timer, started once by server/services.ts: every check, each garage site
 * whose local clock has reached the digest hour and has not run today runs its digest. The day is
 * remembered in memory only; another instance (or a restart) running it again sends nothing twice,
 * because each search's day row is claimed before its email.
 */
export function startSearchDigests(deps: DigestDeps, tenants: readonly Tenant[], intervalMs = DIGEST_CHECK_INTERVAL_MS) {
  const lastDay = new Map<string, string>();
  let running: Promise<void> = Promise.resolve();
  const check = () => {
    running = (async () => {
      for (const tenant of tenants) {
        if (!tenant.site.flags.garage_enabled) continue;
        const day = digestDueDay(Date.now(), siteTimeZone(tenant.site), lastDay.get(tenant.slug) ?? null);
        if (day === null) continue;
        try {
          await sendSearchDigests(deps, tenant, day);
          lastDay.set(tenant.slug, day);
        } catch (error) {
          deps.log.error({ err: error, tenant: tenant.slug }, "saved-search emails failed; the next check tries again");
        }
      }
    })();
  };
  check();
  const timer = setInterval(check, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
