import pg from "pg";
import type { Logger } from "~/server/lib/logger";
import { STOCK_CHANNEL } from "./stock-store";

export type StockNotifications = { close(): Promise<void> };

const RECONNECT_MS = 5_000;

/**
 * Issue 10 §5 on PostgreSQL: one connection LISTENs for the NOTIFY an import sends at commit, so
 * every instance hears of new stock at once instead of at its next version poll (named
 * forecourt-listen:<pid> in pg_stat_activity, apart from the pool). Polling carries on
 * beside it: a lost connection (reconnected every few seconds) only makes the news slower.
 */
export function listenForStock(databaseUrl: string, onChange: (tenant: string) => void, log: Logger): StockNotifications {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const reconnectLater = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, RECONNECT_MS);
    retry.unref();
  };

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: databaseUrl, application_name: `forecourt-listen:${process.pid}` });
    next.on("notification", (message) => {
      if (message.channel === STOCK_CHANNEL && message.payload) onChange(message.payload);
    });
    next.on("error", (error) => {
      log.warn({ err: error.message }, "stock notifications lost; polling until reconnected");
      client = null;
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
    } catch (error) {
      log.warn({ err: error instanceof Error ? error.message : String(error) }, "stock notifications unavailable; polling");
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
