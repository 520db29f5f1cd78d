import pg from "pg";
import type { Logger } from "~/server/lib/logger";
import { outageNotice } from "~/server/lib/outage-notice";
import { STOCK_CHANNEL } from "./stock-store";

export type StockNotifications = { close(): Promise<void> };

export type ListenOptions = {
  /** A NOTIFY arrived for this tenant. */
  onChange: (tenant: string) => void;
  /** LISTEN is in place again after a loss: whatever changed meanwhile sent no NOTIFY we heard. */
  onResume: () => void;
  log: Logger;
  /** Reconnect backoff: doubles from the first to the last while the database stays away. */
  firstRetryMs?: number;
  maxRetryMs?: number;
};

/**
 * Issue 10 §5 on PostgreSQL: one connection LISTENs for the NOTIFY an import sends at commit, so
 * every instance hears of new stock at once instead of at its next version poll (named
 * forecourt-listen:<pid> in pg_stat_activity, apart from the pool). Polling carries on beside it: a
 * lost connection only makes the news slower. It is reconnected with backoff, and once LISTEN is
 * back `onResume` catches up on changes made while it was gone.
 */
export function listenForStock(databaseUrl: string, options: ListenOptions): StockNotifications {
  const firstRetry = options.firstRetryMs ?? 1_000;
  const maxRetry = options.maxRetryMs ?? 10_000;
  const outage = outageNotice(options.log, "stock notifications lost; polling until reconnected", "stock notifications listening again");
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  let delay = firstRetry;
  let lost = false;

  const reconnectLater = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, delay);
    retry.unref();
    delay = Math.min(delay * 2, maxRetry);
  };

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: databaseUrl, application_name: `forecourt-listen:${process.pid}`, keepAlive: true });
    next.on("notification", (message) => {
      if (message.channel === STOCK_CHANNEL && message.payload) options.onChange(message.payload);
    });
    // Also while connecting: pg emits 'error' on a client whose connection breaks at any point, and
    // an unheard 'error' ends the process.
    next.on("error", (error) => {
      if (client === next) client = null;
      lost = true;
      outage.down(error);
      void next.end().catch(() => undefined);
      reconnectLater();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${STOCK_CHANNEL}`);
      if (closed) {
        await next.end();
        return;
      }
      client = next;
      delay = firstRetry;
      outage.up();
      if (lost) {
        lost = false;
        options.onResume();
      }
    } catch (error) {
      lost = true;
      outage.down(error);
      await next.end().catch(() => undefined);
      reconnectLater();
    }
  }

  void connect();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => undefined);
      client = null;
    },
  };
}
