import type { Kysely } from "kysely";
import type { Db } from "../db/connection";
import type { Database } from "../db/types";
import { writeShared } from "../db/group-commit";
import type { Logger } from "../lib/logger";
import type { Tenant } from "../tenants/load";
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
  /** Removes each tenant's events older than its retention period; returns how many went. */
  purge(tenants: readonly Tenant[], now?: number): Promise<number>;
};

export const URL_MAX_LENGTH = 500;
export const ERROR_MESSAGE_MAX_LENGTH = 500;
export const PROPERTIES_MAX_LENGTH = 2000;

const MONTH_MS = 30.44 * 24 * 60 * 60 * 1000;

/** The oldest event time a tenant keeps (issue 15: 13 months by default, `analytics.retention_months`). */
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

/**
 * The one way events reach the log (issue 15 §2). A failure is logged and swallowed: an event is never
 * worth a visitor's page, call or lead.
 */
export function createEventRecorder(handle: Db, log: Logger): EventRecorder {
  return {
    async record(tenant, input, now = Date.now()) {
      const definition = eventDefinition(input.eventId);
      if (!logsEvents(tenant) || !definition) return false;
      try {
        // SQLite: shares the commit of the leads written at the same moment (an fsync of its own per
        // lead event was the next cost after the lead's).
        const insert = (db: Kysely<Database>) =>
          db
            .insertInto("events")
            .values({
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
            })
            .execute();
        await writeShared(handle.db, insert);
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
