import type { Logger } from "~/server/lib/logger";
import { formatFromFileName, type FeedFormat } from "~/server/stock-feed/read-feed";
import type { ImportReport } from "~/server/stock-feed/report";
import type { Tenant } from "~/server/tenants/load";
import { isSftpUrl } from "~/server/tenants/feed-url";
import { downloadFeed, FeedDownloadError } from "./feed-download";
import type { ImportStock } from "./import-stock";
import type { RemoteFileStamp } from "./remote-file-stamp";
import { downloadSftpFeed } from "./sftp-download";
import type { StockStore } from "./stock-store";

export type PullOutcome =
  | { kind: "imported"; report: ImportReport }
  | { kind: "not_modified" }
  | { kind: "skipped"; reason: string }
  | { kind: "failed"; message: string };

export type StockPullerOptions = {
  tenants: readonly Tenant[];
  store: StockStore;
  importStock: ImportStock;
  log: Logger;
  maxBytes: number;
  /** Per download, redirects included. */
  timeoutMs?: number;
  /** Waits before the 2nd, 3rd … attempt of one pull. */
  retryDelaysMs?: readonly number[];
  /** How long a "minute" of every_minutes is (tests shrink it). */
  minuteMs?: number;
  environment?: NodeJS.ProcessEnv;
};

export type StockPuller = {
  /** One pull of this tenant's feed now, with retries (the CLI-free way to test the schedule). */
  pull(tenant: Tenant): Promise<PullOutcome>;
  stop(): Promise<void>;
};

const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_RETRY_DELAYS_MS = [5_000, 30_000];
const MINUTE_MS = 60_000;

type StockFeed = NonNullable<Tenant["site"]["stock_feed"]>;

/** What the last feed that went in looked like, so an unchanged one is not imported again. */
type Validator = { kind: "http"; etag: string | null; lastModified: string | null } | ({ kind: "sftp" } & RemoteFileStamp);

type Fetched = { kind: "not_modified" } | { kind: "feed"; bytes: Uint8Array; format?: FeedFormat; validator: Validator };

function credentialsOf(tenant: Tenant, environment: NodeJS.ProcessEnv): { username: string; password: string } | null {
  const feed = tenant.site.stock_feed;
  if (!feed?.username_env) return null;
  return { username: environment[feed.username_env] ?? "", password: feed.password_env ? (environment[feed.password_env] ?? "") : "" };
}

/** A variable site.json names for SFTP that is unset fails the pull with its name, rather than a vague login failure. */
function sftpSecret(url: string, field: string, name: string | null, environment: NodeJS.ProcessEnv): string | null {
  if (name === null) return null;
  const value = environment[name];
  if (value === undefined || value === "") throw new FeedDownloadError(`${url}: stock_feed.${field} names ${name}, which is not set`);
  return value;
}

/**
 * Issue 10 §2 "Pull": every tenant with `stock_feed.url` in site.json has its feed fetched every
 * `every_minutes`, with a time limit, conditional GET (the last ETag / Last-Modified, so an
 * unchanged feed costs one 304; over SFTP the remote file's size + mtime) and retries with backoff. A feed that still fails is recorded on
 * the tenant's stock state (shown by /healthz) and the last good stock stays. The schedule follows
 * the database's last attempt, so a restart or a second instance does not pull again early.
 */
export function startStockPuller(options: StockPullerOptions): StockPuller {
  const minute = options.minuteMs ?? MINUTE_MS;
  const retryDelays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const environment = options.environment ?? process.env;
  const validators = new Map<string, Validator>();
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Set<Promise<unknown>>();
  let stopped = false;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      timer.unref();
    });

  async function fetchOnce(tenant: Tenant, feed: StockFeed, url: string): Promise<Fetched> {
    const previous = validators.get(tenant.slug);
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    if (isSftpUrl(url)) {
      const got = await downloadSftpFeed(url, {
        maxBytes: options.maxBytes,
        timeoutMs,
        username: sftpSecret(url, "username_env", feed.username_env, environment) ?? "",
        password: sftpSecret(url, "password_env", feed.password_env, environment),
        privateKey: sftpSecret(url, "private_key_env", feed.private_key_env, environment),
        hostKeySha256: feed.host_key_sha256,
        previous: previous?.kind === "sftp" ? previous : null,
      });
      if (got.kind === "not_modified") return got;
      return { kind: "feed", bytes: got.bytes, format: formatFromFileName(url), validator: { kind: "sftp", ...got.stamp } };
    }
    const got = await downloadFeed(url, {
      maxBytes: options.maxBytes,
      timeoutMs,
      credentials: credentialsOf(tenant, environment),
      etag: previous?.kind === "http" ? previous.etag : null,
      lastModified: previous?.kind === "http" ? previous.lastModified : null,
    });
    if (got.kind === "not_modified") return got;
    return {
      kind: "feed",
      bytes: got.bytes,
      format: got.format,
      validator: { kind: "http", etag: got.etag, lastModified: got.lastModified },
    };
  }

  async function download(tenant: Tenant, feed: StockFeed, url: string): Promise<Fetched> {
    let lastError: FeedDownloadError | null = null;
    for (let attempt = 0; attempt <= retryDelays.length; attempt++) {
      if (attempt > 0) await sleep(retryDelays[attempt - 1]);
      if (stopped) break;
      try {
        return await fetchOnce(tenant, feed, url);
      } catch (error) {
        if (!(error instanceof FeedDownloadError)) throw error;
        lastError = error;
        options.log.warn({ tenant: tenant.slug, attempt: attempt + 1, err: error.message }, "stock feed fetch failed");
      }
    }
    throw lastError ?? new FeedDownloadError(`${url}: stopped`);
  }

  async function pull(tenant: Tenant): Promise<PullOutcome> {
    const feed = tenant.site.stock_feed;
    if (!feed?.url) return { kind: "skipped", reason: "no stock_feed.url in site.json" };
    const url = feed.url;
    try {
      const got = await download(tenant, feed, url);
      if (got.kind === "not_modified") {
        options.log.info({ tenant: tenant.slug }, "stock feed not modified");
        return { kind: "not_modified" };
      }
      const report = await options.importStock(
        tenant,
        { bytes: got.bytes, format: feed.format ?? got.format },
        { source: url, mode: "full" },
      );
      // Only a feed that went in may be skipped next time; a refused one is fetched again in full.
      if (report.outcome === "applied") validators.set(tenant.slug, got.validator);
      else options.log.error({ tenant: tenant.slug, refusal: report.refusal }, "stock feed refused; the previous stock stays");
      return { kind: "imported", report };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      options.log.error({ tenant: tenant.slug, err: message }, "stock feed could not be fetched; the previous stock stays");
      await options.store.recordFailedAttempt(tenant.slug, message).catch(() => undefined);
      return { kind: "failed", message };
    }
  }

  function schedule(tenant: Tenant, delayMs: number): void {
    if (stopped) return;
    const timer = setTimeout(
      () => {
        const run = (async () => {
          const every = (tenant.site.stock_feed?.every_minutes ?? 60) * minute;
          const state = await options.store.state(tenant.slug).catch(() => null);
          const since =
            state?.last_attempt_at === null || state?.last_attempt_at === undefined ? Infinity : Date.now() - state.last_attempt_at;
          // Another instance pulled meanwhile: wait for the rest of its interval instead.
          if (since < every * 0.9) return schedule(tenant, every - since);
          await pull(tenant);
          schedule(tenant, every);
        })();
        running.add(run);
        void run.finally(() => running.delete(run));
      },
      Math.max(0, delayMs),
    );
    timer.unref();
    timers.set(tenant.slug, timer);
  }

  for (const tenant of options.tenants) {
    const feed = tenant.site.stock_feed;
    if (!feed?.url) continue;
    if (isSftpUrl(feed.url) && feed.host_key_sha256 === null)
      options.log.warn(
        { tenant: tenant.slug },
        `tenant ${tenant.slug} pulls its stock feed over SFTP without stock_feed.host_key_sha256: any host key is trusted`,
      );
    schedule(tenant, 0);
  }

  return {
    pull,
    async stop() {
      stopped = true;
      for (const timer of timers.values()) clearTimeout(timer);
      await Promise.allSettled([...running]);
    },
  };
}
