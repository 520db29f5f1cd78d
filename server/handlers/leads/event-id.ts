import type { Lead } from "~/server/leads/lead-object";

/**
 * spec 001 §4/§9: the event id of the submission (22 by default, 51 for careers), kept on the stored
 * lead. It cannot be derived from the stored category afterwards: careers is stored as 'General
 * Enquiry', which maps to 22.
 */
export function withEventId(lead: Lead, eventId: number): Lead {
  return { ...lead, event_id: eventId };
}
