import { lineCounter, readRecords } from "./csv-feed";
import { FeedError, feedMessages } from "./messages";
import type { PlatformItem, PlatformKind } from "./platform-feed";

/** A header cell as the platforms write it: "Mileage.Value", " vehicle_id " → "mileage.value", "vehicle_id". */
function fieldName(cell: string): string {
  return cell.trim().toLowerCase().replace(/^g:/, "");
}

/** Which platform a header row belongs to, or null for a dealer's own CSV. */
export function platformOfHeader(header: readonly string[]): PlatformKind | null {
  const names = new Set(header.map(fieldName));
  if (names.has("vehicle_id")) return "meta";
  if (names.has("id") && (names.has("brand") || names.has("image_link"))) return "google";
  return null;
}

/** The first line of a CSV/TSV text split loosely, only to recognise a platform's header. */
export function sniffHeader(text: string): string[] {
  const first = text.replace(/^\uFEFF/, "").split(/\r?\n/, 1)[0] ?? "";
  return first.split(/[,;\t]/).map((cell) => cell.replace(/"/g, ""));
}

/** Google's TSV/CSV form or Meta's catalogue CSV: each data row an item, fields by header name. */
export function readPlatformCsv(bytes: Uint8Array, text: string): PlatformItem[] {
  const records = readRecords(bytes, text);
  const lineOf = lineCounter(bytes);
  let start = 0;
  let header: string[] | null = null;
  const items: PlatformItem[] = [];
  for (const { record, end } of records) {
    const line = lineOf(start);
    start = end;
    if (record.every((cell) => cell.trim() === "")) continue;
    if (header === null) {
      header = record.map(fieldName);
      continue;
    }
    const fields = new Map<string, string[]>();
    header.forEach((name, index) => {
      if (name === "") return;
      const values = fields.get(name) ?? [];
      values.push(record[index] ?? "");
      fields.set(name, values);
    });
    items.push({ line, fields });
  }
  if (header === null) throw new FeedError(feedMessages.empty);
  return items;
}
