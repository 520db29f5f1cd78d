import path from "node:path";
import Database from "better-sqlite3";

/** The e2e server stores leads here (playwright.config.ts: DATA_DIR=./data/e2e; E2E_DATA_DIR for another server). */
const DB_FILE = path.resolve(process.env.E2E_DATA_DIR ?? "./data/e2e", "forecourt.db");

/** One stored lead as the dealer receives it: the row's columns and its parsed payload. */
export type StoredLead = {
  id: string;
  tenant: string;
  category: string;
  mock: number;
  lead_status: string;
  payload: Record<string, unknown>;
};

type LeadRow = Omit<StoredLead, "payload"> & { payload: string };

/** Every stored lead carrying this email, newest first (a test email is unique, so a form leaves exactly one). */
export function storedLeadsByEmail(email: string): StoredLead[] {
  const db = new Database(DB_FILE, { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare(
        "select id, tenant, category, mock, lead_status, payload from leads where json_extract(payload, '$.email') = ? order by created_at desc",
      )
      .all(email) as LeadRow[];
    return rows.map((row) => ({ ...row, payload: JSON.parse(row.payload) as Record<string, unknown> }));
  } finally {
    db.close();
  }
}

/** The newest stored lead carrying this email, or null when none was stored. */
export function storedLeadByEmail(email: string): StoredLead | null {
  return storedLeadsByEmail(email)[0] ?? null;
}
