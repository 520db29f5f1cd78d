import type { Generated } from "kysely";

/**
 * Tables shared by SQLite and PostgreSQL. JSON is stored as text and timestamps as
 * epoch milliseconds (bigint-safe numbers) so one set of migrations and queries serves both.
 */
export interface Database {
  leads: LeadsTable;
  lead_files: LeadFilesTable;
  lead_outbox: LeadOutboxTable;
  phone_reveals: PhoneRevealsTable;
}

export interface LeadsTable {
  id: string;
  tenant: string;
  mock: number;
  category: string;
  lead_status: string;
  payload: string;
  created_at: number;
  updated_at: number;
  delivery_state: string;
  /** Incremented by each multi-step update. */
  version: Generated<number>;
}

export interface LeadFilesTable {
  id: string;
  lead_id: string;
  tenant: string;
  stored_name: string;
  content_type: string;
  size: number;
  created_at: number;
}

export interface LeadOutboxTable {
  id: Generated<number>;
  lead_id: string;
  tenant: string;
  destination: string;
  idempotency_key: string;
  state: string;
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
  created_at: number;
  delivered_at: number | null;
  lead_version: Generated<number>;
  /** The lead payload as saved in lead_version, sent as is. */
  payload: string | null;
}

export interface PhoneRevealsTable {
  id: Generated<number>;
  tenant: string;
  car_id: number;
  dealership_id: number;
  website_id: number;
  created_at: number;
}
