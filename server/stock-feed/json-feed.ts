import { z } from "~/server/lib/zod";
import { vehicleSchema, type Vehicle } from "~/server/stock/vehicle";
import type { RowContext } from "./csv-row";
import type { RowsRead } from "./csv-feed";
import type { FeedRow } from "./feed-row";
import { FeedError, feedMessages, rowMessages } from "./messages";

/**
 * Our JSON: `{"vehicles": [...]}` in the vehicle shape of spec 000 §3. A vehicle needs what a CSV
 * row needs (stocknum, year, make, model, price, car_type); every other field is optional and,
 * when given, kept as given — a feed exported from another Forecourt reimports unchanged.
 */
const jsonVehicleSchema = vehicleSchema
  .partial()
  .required({ make: true, model: true, year: true, price: true, car_type: true })
  .extend({ stocknum: z.string().trim().min(1, rowMessages.required).max(64, rowMessages.tooLong(64)) });
type JsonVehicle = z.infer<typeof jsonVehicleSchema>;

/** Fields the import decides itself, whatever the feed says: identity, stock state, photos, the yard. */
const decidedByImport = new Set<keyof Vehicle>([
  "id",
  "slug",
  "status",
  "sold",
  "sold_date_timestamp",
  "images",
  "primary_image_url",
  "photos_count",
  "location",
  "location_id",
  "location_name",
  "city",
  "state",
  "dealership_id",
  "dealership_slug",
  "dealership_name",
  "created_at",
  "created_at_timestamp",
]);

const typeNames: Record<string, string> = {
  number: "a number",
  string: "text",
  boolean: "true or false",
  array: "a list",
  object: "an object",
  int: "a whole number",
};

function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function issueMessage(issue: z.core.$ZodIssue): string {
  const path = issue.path.map(String).join(".") || "(vehicle)";
  if (issue.code === "invalid_type") {
    const expected = typeNames[issue.expected] ?? issue.expected;
    return issue.input === undefined ? `${path}: ${rowMessages.required}` : `${path}: expected ${expected}, got ${shown(issue.input)}`;
  }
  return `${path}: ${issue.message}`;
}

/**
 * The line each element of the root object's "vehicles" array starts on, in order. The text is
 * already known to be valid JSON, so a scan of strings and brackets is enough.
 */
export function vehicleLines(text: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let depth = 0;
  let lastKey: string | null = null;
  let lastString: string | null = null;
  let inVehicles = false;
  let expectValue = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "\n") {
      line++;
      continue;
    }
    if (inVehicles && depth === 2 && expectValue && c !== " " && c !== "\t" && c !== "\r" && c !== "," && c !== "]") {
      lines.push(line);
      expectValue = false;
    }
    if (c === '"') {
      let j = i + 1;
      while (text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      lastString = text.slice(i + 1, j);
      i = j;
    } else if (c === ":" && depth === 1) {
      lastKey = lastString;
    } else if (c === "{" || c === "[") {
      depth++;
      if (depth === 2 && c === "[" && lastKey === "vehicles") {
        inVehicles = true;
        expectValue = true;
      }
    } else if (c === "}" || c === "]") {
      if (depth === 2 && inVehicles) inVehicles = false;
      depth--;
    } else if (c === "," && depth === 2 && inVehicles) {
      expectValue = true;
    }
  }
  return lines;
}

function resolveLocation(vehicle: JsonVehicle, context: RowContext): FeedRow["location"] | string {
  if (vehicle.location_id !== undefined) {
    return context.locations.byId(vehicle.location_id) ?? `location_id: ${rowMessages.unknownLocationId(vehicle.location_id)}`;
  }
  const name = vehicle.location_name ?? vehicle.location?.name;
  if (name === undefined || name.trim() === "") return context.defaultLocation;
  return context.locations.byName(name) ?? `location_name: ${rowMessages.unknownLocation(name, context.locations.known)}`;
}

function given(vehicle: JsonVehicle): Partial<Vehicle> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(vehicle)) {
    if (value !== undefined && !decidedByImport.has(key as keyof Vehicle)) out[key] = value;
  }
  return out as Partial<Vehicle>;
}

function toRow(vehicle: JsonVehicle, line: number, location: FeedRow["location"]): FeedRow {
  const photos = vehicle.images?.map((entry) => entry.image.url) ?? (vehicle.primary_image_url ? [vehicle.primary_image_url] : []);
  return {
    line,
    stocknum: vehicle.stocknum,
    vin: vehicle.vin ?? null,
    registration: vehicle.registration ?? null,
    registration_state: vehicle.registration_state ?? null,
    year: vehicle.year,
    make: vehicle.make,
    model: vehicle.model,
    badge: vehicle.badge ?? null,
    series: vehicle.series ?? null,
    body: vehicle.body ?? vehicle.simple_body ?? null,
    transmission: vehicle.transmission ?? vehicle.simple_transmission ?? null,
    fuel: vehicle.fuel ?? vehicle.simple_fuel ?? null,
    drive: vehicle.drive ?? vehicle.simple_drive ?? null,
    km: vehicle.km ?? null,
    price: vehicle.price,
    price_type: vehicle.price_type ?? null,
    car_type: vehicle.car_type,
    colour: vehicle.colour ?? null,
    seats: vehicle.seats ?? null,
    photos,
    description: vehicle.description ?? null,
    location,
    status: vehicle.status ?? (vehicle.sold ? "sold" : "in_stock"),
    held: undefined,
    tag: vehicle.tag ?? null,
    features: vehicle.filtered_features ?? null,
    feed_id: vehicle.id ?? null,
    feed_slug: vehicle.slug ?? null,
    listed_since: vehicle.created_at_timestamp ?? null,
    sold_since: vehicle.sold_date_timestamp ?? null,
    given: given(vehicle),
  };
}

/** A JSON feed's vehicles, each checked on its own and reported by the line it starts on. */
export function readJsonRows(text: string, context: RowContext): RowsRead {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new FeedError(feedMessages.invalidJson(error instanceof Error ? error.message : "unreadable"));
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw) || !("vehicles" in raw) || !Array.isArray(raw.vehicles)) {
    throw new FeedError(feedMessages.jsonShape);
  }
  const vehicles: unknown[] = raw.vehicles;
  if (vehicles.length === 0) throw new FeedError(feedMessages.noRows);
  const lines = vehicleLines(text);
  const out: RowsRead = { rows: [], rejected: [], total: vehicles.length, ignoredColumns: [] };
  vehicles.forEach((element, index) => {
    const line = lines[index] ?? 1;
    const result = jsonVehicleSchema.safeParse(element, { reportInput: true });
    if (!result.success) {
      out.rejected.push({ line, message: result.error.issues.map(issueMessage).join("; ") });
      return;
    }
    const location = resolveLocation(result.data, context);
    if (typeof location === "string") out.rejected.push({ line, message: location });
    else out.rows.push(toRow(result.data, line, location));
  });
  return out;
}
