import type { Insertable, Kysely } from "kysely";
import type { Db } from "~/server/db/connection";
import type { Database } from "~/server/db/types";
import { writeShared } from "~/server/db/group-commit";
import type { Logger } from "~/server/lib/logger";
import type { Tenant } from "~/server/tenants/load";
import { eventDefinition } from "./definitions";

/** What one event says (spec 001 §3 analytics event record); the tenant is website_slug. */
export type EventInput = {
  /** spec 001 §9 event id, 1–57. */
  eventId: number;
  url: string;
  leadId?: string | null;
  anonId?: string | null;
  sessionId?: string | null;
  errorMessage?: string | null;
  properties?: Record<string, unknown> | null;
  /** 'server': seen by the server (works without JavaScript); 'client': POST /api/events. */
  source: "server" | "client";
};

export type EventRecorder = {
  /** Stores the event when the tenant logs events; false when not stored (switched off, unknown id, database down). */
  record(tenant: Tenant, input: EventInput, now?: number): Promise<boolean>;
  /**
   * Page views: kept in memory and written in batches (at most EVENT_FLUSH_MS later), so a page view
   * costs no database write on its request. Nothing is lost at shutdown: `flush` writes what waits.
   */
  enqueue(tenant: Tenant, input: EventInput, now?: number): void;
  /** Writes every queued event now (shutdown, tests). */
  flush(): Promise<void>;
  /** Removes each tenant's events older than its retention period; returns how many went. */
  purge(tenants: readonly Tenant[], now?: number): Promise<number>;
};

export const URL_MAX_LENGTH = 500;
export const ERROR_MESSAGE_MAX_LENGTH = 500;
export const PROPERTIES_MAX_LENGTH = 2000;

const MONTH_MS = 30.44 * 24 * 60 * 60 * 1000;

/** The oldest event time a tenant keeps (13 months by default, `analytics.retention_months`). */
export function retentionCutoff(tenant: Tenant, now: number): number {
  return Math.floor(now - tenant.site.analytics.retention_months * MONTH_MS);
}

export function logsEvents(tenant: Tenant): boolean {
  return tenant.site.analytics.log_events;
}

function propertiesText(properties: Record<string, unknown> | null | undefined): string | null {
  if (!properties || Object.keys(properties).length === 0) return null;
  const text = JSON.stringify(properties);
  return text.length > PROPERTIES_MAX_LENGTH ? null : text;
}

function rowOf(tenant: Tenant, input: EventInput, now: number): Insertable<Database["events"]> | null {
  const definition = eventDefinition(input.eventId);
  if (!logsEvents(tenant) || !definition) return null;
  return {
    tenant: tenant.slug,
    event_id: definition.id,
    category: definition.eventCategory,
    url: input.url.slice(0, URL_MAX_LENGTH),
    lead_id: input.leadId ?? null,
    anon_id: input.anonId ?? null,
    session_id: input.sessionId ?? null,
    error_message: input.errorMessage ? input.errorMessage.slice(0, ERROR_MESSAGE_MAX_LENGTH) : null,
    properties: propertiesText(input.properties),
    source: input.source,
    created_at: now,
  };
}

/** Page views wait at most this long in memory before they are written. */
export const EVENT_FLUSH_MS = 500;
/** Rows per INSERT: well inside SQLite's bound-parameter limit (11 columns each). */
const ROWS_PER_INSERT = 500;

/**
 * The one way events reach the log. A failure is logged and swallowed: an event is never
 * worth a visitor's page, call or lead.
 */
export function createEventRecorder(handle: Db, log: Logger): EventRecorder {
  let queued: Array<Insertable<Database["events"]>> = [];
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();

  async function write(rows: Array<Insertable<Database["events"]>>): Promise<void> {
    for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
      const chunk = rows.slice(start, start + ROWS_PER_INSERT);
      try {
        await writeShared(handle.db, (db: Kysely<Database>) => db.insertInto("events").values(chunk).execute());
      } catch (error) {
        log.error({ err: error, events: chunk.length }, "page-view events not recorded");
      }
    }
  }

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    const rows = queued;
    queued = [];
    // One write at a time, in order: a flush at shutdown waits for the one already under way.
    writing = writing.then(() => (rows.length > 0 ? write(rows) : undefined));
    return writing;
  }

  return {
    enqueue(tenant, input, now = Date.now()) {
      const row = rowOf(tenant, input, now);
      if (!row) return;
      queued.push(row);
      if (queued.length >= ROWS_PER_INSERT) void flush();
      else if (!timer) {
        timer = setTimeout(() => void flush(), EVENT_FLUSH_MS);
        timer.unref();
      }
    },
    flush,
    async record(tenant, input, now = Date.now()) {
      const row = rowOf(tenant, input, now);
      if (!row) return false;
      try {
        // SQLite: shares the commit of the leads written at the same moment (an fsync of its own per
        // lead event was the next cost after the lead's).
        await writeShared(handle.db, (db: Kysely<Database>) => db.insertInto("events").values(row).execute());
        return true;
      } catch (error) {
        log.error({ err: error, tenant: tenant.slug, eventId: input.eventId }, "event not recorded");
        return false;
      }
    },
    async purge(tenants, now = Date.now()) {
      let removed = 0;
      for (const tenant of tenants) {
        const result = await handle.db
          .deleteFrom("events")
          .where("tenant", "=", tenant.slug)
          .where("created_at", "<", retentionCutoff(tenant, now))
          .executeTakeFirst();
        removed += Number(result.numDeletedRows);
      }
      return removed;
    },
  };
}
