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
  vehicles: VehiclesTable;
  vehicle_search_values: VehicleSearchValuesTable;
  stock_state: StockStateTable;
  price_changes: PriceChangesTable;
  lead_fill_tokens: LeadFillTokensTable;
  payments: PaymentsTable;
  payment_events: PaymentEventsTable;
  events: EventsTable;
  saved_cars: SavedCarsTable;
  garage_users: GarageUsersTable;
  garage_codes: GarageCodesTable;
  garage_sessions: GarageSessionsTable;
  garage_alerts_sent: GarageAlertsSentTable;
  saved_searches: SavedSearchesTable;
  saved_search_digests_sent: SavedSearchDigestsSentTable;
}

/** A deposit checkout and the lead it becomes once paid. */
export interface PaymentsTable {
  id: string;
  tenant: string;
  provider: string;
  vehicle_id: number;
  vehicle_slug: string;
  amount_cents: number;
  currency: string;
  /** pending → paid (vehicle reserved, lead stored) or refunded (vehicle already gone; lead stored as refunded). */
  status: string;
  payment_intent: string | null;
  lead: string;
  lead_id: string | null;
  created_at: number;
  updated_at: number;
}

export interface PaymentEventsTable {
  id: string;
  received_at: number;
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
  /** SHA-256 (hex) of the update token POST /api/leads returned; null for form and multi-step leads. */
  update_token_hash: string | null;
  /** The nonce of the latest multi-step progress cookie; null outside a flow. */
  flow_nonce: string | null;
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
  /** When the latest attempt began; written before sending. */
  attempt_started_at: number | null;
  /** Start of the current 24-hour retry window; null means created_at. */
  window_started_at: number | null;
}

export interface PhoneRevealsTable {
  id: Generated<number>;
  tenant: string;
  car_id: number;
  dealership_id: number;
  website_id: number;
  created_at: number;
}

/** One vehicle of a tenant's stock: the spec 000 §3 vehicle as JSON, and the columns imports match on. */
/** What the search index reads of each vehicle (server/search/search-values.ts), kept apart from the record. */
export interface VehicleSearchValuesTable {
  tenant: string;
  id: number;
  search_values: string;
}

export interface VehiclesTable {
  tenant: string;
  id: number;
  slug: string;
  stock_number: string;
  vin: string | null;
  status: string;
  price: number | null;
  /** The vehicle's JSON (server/stock/vehicle.ts). */
  payload: string;
  /** The vehicle's created_at_timestamp: when it was first listed. */
  created_at: number;
  updated_at: number;
  /** sold_date_timestamp, when sold. */
  sold_at: number | null;
}

/** Per tenant: the stock version every applied import bumps, and how the last import went. */
export interface StockStateTable {
  tenant: string;
  version: Generated<number>;
  /** The last applied import. */
  last_import_at: number | null;
  /** The last import tried, applied or not. */
  last_attempt_at: number | null;
  /** "applied" or "refused". */
  last_status: string | null;
  last_message: string | null;
  updated_at: number;
  /** 1 while the stock is the generated demo: the first real import replaces it. */
  demo: Generated<number>;
}

export interface PriceChangesTable {
  id: Generated<number>;
  tenant: string;
  vehicle_id: number;
  stock_number: string;
  old_price: number | null;
  new_price: number | null;
  changed_at: number;
}

/** A fill-time token that served a lead: the same token is refused for a second lead. */
export interface LeadFillTokensTable {
  /** The token's signature part. */
  token: string;
  tenant: string;
  issued_at: number;
  used_at: number;
}

/** One first-party analytics event (spec 001 §3 analytics event record). */
export interface EventsTable {
  id: Generated<number>;
  tenant: string;
  /** spec 001 §9 event id (server/events/definitions.ts). */
  event_id: number;
  category: string;
  url: string;
  lead_id: string | null;
  anon_id: string | null;
  session_id: string | null;
  error_message: string | null;
  /** JSON object, as text. */
  properties: string | null;
  /** 'server' (seen by the server, works without JavaScript) or 'client' (POST /api/events). */
  source: string;
  created_at: number;
}
/** A saved car: owner is `v:<device id>` for a visitor or `u:<user id>` for a garage account. */
export interface SavedCarsTable {
  id: Generated<number>;
  tenant: string;
  owner: string;
  vehicle_id: number;
  saved_at: number;
  /** The price when saved: a lower current price is 'price dropped'. */
  saved_price: number | null;
  /** 1 when the shopper opted in to price-drop and sold emails for this car. */
  alerts: Generated<number>;
  /** The price and status the last alert (or the opt-in) saw; an import past them sends the next alert. */
  alert_price: number | null;
  alert_status: string | null;
}

export interface GarageUsersTable {
  id: string;
  tenant: string;
  /** Lower-cased. */
  email: string;
  name: string | null;
  created_at: number;
}

/** A one-time sign-in code: only its SHA-256 is kept. */
export interface GarageCodesTable {
  id: Generated<number>;
  tenant: string;
  email: string;
  code_hash: string;
  attempts: Generated<number>;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** A signed-in session: the cookie holds the opaque id, the table its SHA-256. */
export interface GarageSessionsTable {
  id_hash: string;
  tenant: string;
  user_id: string;
  created_at: number;
  expires_at: number;
}

export interface GarageAlertsSentTable {
  dedupe_key: string;
  tenant: string;
  user_id: string;
  vehicle_id: number;
  kind: string;
  sent_at: number;
}

export interface SavedSearchesTable {
  id: Generated<number>;
  tenant: string;
  user_id: string;
  name: string;
  url: string;
  created_at: number;
  seen_at: number;
  /** 1 when the daily email is on (migration 0017). */
  digest: Generated<number>;
  /** When the daily email last went out, or the opt-in (null while off). */
  digest_since: number | null;
}

/** One claimed row per saved search per local day (the daily email's dedupe). */
export interface SavedSearchDigestsSentTable {
  dedupe_key: string;
  tenant: string;
  search_id: number;
  sent_at: number;
}
