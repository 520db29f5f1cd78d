/**
 * When the QA read-back API (/api/qa/*) may run. It hands out stored leads — names, emails, phone
 * numbers — to whoever holds QA_TOKEN, so a production process gets it only where no real shopper's
 * lead can be in the database (MOCK_LEADS=1: every lead is a mock) or where the operator said so
 * explicitly (QA_READBACK=1, a staging copy on production settings).
 */
export type QaReadbackSettings = { NODE_ENV: string; QA_TOKEN?: string; MOCK_LEADS: boolean; QA_READBACK: boolean };

/** Why these settings are refused (one line for the start's error), or null when they are fine. */
export function qaReadbackRefusal(settings: QaReadbackSettings): string | null {
  if (!settings.QA_TOKEN || settings.NODE_ENV !== "production") return null;
  if (settings.MOCK_LEADS || settings.QA_READBACK) return null;
  return "refused in production without MOCK_LEADS=1 or QA_READBACK=1 (the read-back would hand out real shoppers' leads)";
}
