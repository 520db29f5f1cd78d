import { siteGet } from "./support";

/**
 * What the dealer receives, read back through the site's QA API (`GET /api/qa/leads?email=…` with
 * QA_TOKEN; docs/qa.md), so the same check works on the local e2e server and on any BASE_URL site,
 * whatever its database.
 */
export type StoredLead = {
  id: string;
  tenant: string;
  category: string;
  /** 1 for a mock lead (kept, never delivered), 0 otherwise. */
  mock: number;
  lead_status: string;
  delivery_state: string;
  payload: Record<string, unknown>;
  outbox: Array<{ destination: string; state: string }>;
};

type ApiLead = Omit<StoredLead, "mock" | "payload"> & { mock: boolean; fields: Record<string, unknown> };

/** Every lead of the tenant's site carrying this email, newest first (a test email is unique, so a form leaves exactly one). */
export async function storedLeadsByEmail(slug: string, email: string): Promise<StoredLead[]> {
  const reply = await siteGet(slug, `/api/qa/leads?email=${encodeURIComponent(email)}`);
  if (reply.status !== 200) throw new Error(`QA read-back answered ${reply.status} (is QA_TOKEN the site's?): ${reply.body.slice(0, 200)}`);
  const { leads } = JSON.parse(reply.body) as { leads: ApiLead[] };
  return leads.map(({ fields, mock, ...rest }) => ({ ...rest, mock: mock ? 1 : 0, payload: fields }));
}

/** The newest stored lead carrying this email, or null when none was stored. */
export async function storedLeadByEmail(slug: string, email: string): Promise<StoredLead | null> {
  return (await storedLeadsByEmail(slug, email))[0] ?? null;
}
