import type { Tenant } from "~/server/tenants/load";
import type { Lead } from "~/server/leads/lead-object";
import type { OutboxRow } from "~/server/leads/outbox";
import { toAdf } from "./adf";
import type { OutgoingEmail } from "./mailer";
import { notificationEmail, notificationSubject } from "./notification";

/**
 * The email an outbox row stands for: ADF XML as the plain-text body to the CRM's intake address (the
 * industry convention, one lead per message), or the readable notification to the sales inbox.
 */
export function emailFor(row: OutboxRow, tenant: Tenant): OutgoingEmail {
  const lead = JSON.parse(row.payload) as Lead;
  const common = { tenant: tenant.slug, key: row.idempotency_key, fromName: tenant.site.name };
  if (row.destination === "adf_email") {
    const to = tenant.site.leads.email.crm_intake;
    if (!to) throw new Error(`leads.email.crm_intake is not configured for ${tenant.slug}`);
    const text = toAdf(lead, tenant, { id: row.lead_id, createdAt: row.lead_created_at });
    return { ...common, to, replyTo: null, subject: notificationSubject(lead, tenant), text, html: null };
  }
  if (row.destination === "notification") {
    const notification = notificationEmail(lead, row.lead_id, tenant);
    if (!notification) throw new Error(`no sales inbox is configured for ${tenant.slug}`);
    return { ...common, ...notification };
  }
  throw new Error(`destination ${row.destination} is not an email destination`);
}
