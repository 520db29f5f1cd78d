import type { CsvCells, RowContext } from "./csv-row";
import { csvRow, csvRowSchema } from "./csv-row";
import type { RowsRead } from "./csv-feed";
import type { FeedColumn } from "./columns";
import { FeedError, feedMessages } from "./messages";
import { platformCondition, platformWords } from "./platform-words";

/** One item of an ad-platform feed: its fields by name (lowercased, without the g: prefix), repeated ones in order. */
export type PlatformItem = { line: number; fields: Map<string, string[]> };

export type PlatformKind = "google" | "meta";

/** Fields each platform's reader uses; anything else is listed as an ignored column in the report. */
const usedFields: Record<PlatformKind, ReadonlySet<string>> = {
  google: new Set([
    "id",
    "brand",
    "model",
    "year",
    "trim",
    "price",
    "vehicle_price_type",
    "condition",
    "mileage",
    "vin",
    "color",
    "body_style",
    "transmission",
    "fuel",
    "drivetrain",
    "availability",
    "store_code",
    "image_link",
    "additional_image_link",
    "description",
  ]),
  meta: new Set([
    "vehicle_id",
    "make",
    "model",
    "year",
    "trim",
    "price",
    "state_of_vehicle",
    "mileage.value",
    "mileage.unit",
    "vin",
    "exterior_color",
    "body_style",
    "transmission",
    "fuel_type",
    "drivetrain",
    "availability",
    "description",
    "dealer_name",
    "address.addr1",
    "address.postal_code",
  ]),
};

const META_IMAGE = /^image\[\d+\]\.url$/;

function isUsed(kind: PlatformKind, name: string): boolean {
  return usedFields[kind].has(name) || (kind === "meta" && META_IMAGE.test(name));
}

/** The item's cells in our columns, what platform word mapping gives, and whether the car is certified. */
function itemCells(kind: PlatformKind, item: PlatformItem, context: RowContext): { cells: CsvCells; certified: boolean } {
  const one = (name: string) =>
    item.fields
      .get(name)
      ?.find((value) => value.trim() !== "")
      ?.trim() ?? "";
  const word = (name: string, map: (raw: string) => string) => {
    const raw = one(name);
    return raw === "" ? "" : map(raw);
  };
  const cells: CsvCells = {};
  let photos: string[];
  let state: string;
  if (kind === "google") {
    cells.stock_number = one("id");
    cells.make = one("brand");
    cells.colour = one("color");
    cells.fuel = word("fuel", platformWords.fuel);
    cells.odometer = one("mileage");
    cells.price_type = one("vehicle_price_type").replace(/_/g, " ");
    state = one("condition");
    // Our own feed writes each yard's slug as its store code; an unknown code is not a reason to drop a car.
    const store = one("store_code");
    if (store !== "" && context.locations.byName(store) !== null) cells.location = store;
    photos = [
      ...(item.fields.get("image_link") ?? []),
      // The TSV/CSV form lists additional images comma-separated in one cell.
      ...(item.fields.get("additional_image_link") ?? []).flatMap((cell) => cell.split(",")),
    ];
  } else {
    cells.stock_number = one("vehicle_id");
    cells.make = one("make");
    cells.colour = one("exterior_color");
    cells.fuel = word("fuel_type", platformWords.fuel);
    const value = one("mileage.value");
    cells.odometer = value === "" ? "" : `${value} ${one("mileage.unit").toLowerCase()}`.trim();
    state = one("state_of_vehicle");
    // The yard: Meta names the dealer and its address; either may name one of the site's yards.
    // Neither matching leaves the car at the site's main yard, as a blank location does.
    const yard =
      context.locations.byName(one("dealer_name")) ?? context.locations.byAddress(one("address.addr1"), one("address.postal_code"));
    if (yard !== null) cells.location = yard.slug;
    photos = [...item.fields.entries()]
      .filter(([name]) => META_IMAGE.test(name))
      .sort(([a], [b]) => Number(/\d+/.exec(a)?.[0]) - Number(/\d+/.exec(b)?.[0]))
      .flatMap(([, values]) => values);
  }
  cells.model = one("model");
  cells.year = one("year");
  cells.badge = one("trim");
  cells.price = one("price");
  cells.vin = one("vin");
  cells.body = word("body_style", platformWords.body);
  cells.transmission = word("transmission", platformWords.transmission);
  cells.drive = word("drivetrain", platformWords.drive);
  cells.status = word("availability", platformWords.availability);
  cells.description = one("description");
  const condition = platformCondition(state);
  cells.condition = condition.condition;
  cells.photos = photos
    .map((url) => url.trim())
    .filter((url) => url !== "")
    .join("|");
  return { cells, certified: condition.certified };
}

/** The platform's field name for each of our columns, so a rejected item names the field the dealer wrote. */
const fieldNames: Record<PlatformKind, Partial<Record<FeedColumn, string>>> = {
  google: {
    stock_number: "id",
    make: "brand",
    colour: "color",
    odometer: "mileage",
    price_type: "vehicle_price_type",
    body: "body_style",
    drive: "drivetrain",
    status: "availability",
    badge: "trim",
    photos: "image_link",
  },
  meta: {
    stock_number: "vehicle_id",
    colour: "exterior_color",
    fuel: "fuel_type",
    odometer: "mileage.value",
    condition: "state_of_vehicle",
    body: "body_style",
    drive: "drivetrain",
    status: "availability",
    badge: "trim",
  },
};

/**
 * Items of Google's vehicle ads feed (XML or TSV/CSV) or Meta's automotive catalogue, read through
 * the same row checks as a dealer CSV: the item id is the stock number, the platforms' enumerations
 * become our words, CPO is a used car marked certified.
 */
export function readPlatformRows(kind: PlatformKind, items: Iterable<PlatformItem>, context: RowContext): RowsRead {
  const schema = csvRowSchema(context);
  const out: RowsRead = { rows: [], rejected: [], total: 0, ignoredColumns: [] };
  const ignored = new Set<string>();
  for (const item of items) {
    for (const name of item.fields.keys()) if (!isUsed(kind, name)) ignored.add(name);
    if ([...item.fields.values()].every((values) => values.every((value) => value.trim() === ""))) continue;
    out.total++;
    const { cells, certified } = itemCells(kind, item, context);
    const result = csvRow(schema, item.line, cells, fieldNames[kind]);
    if ("row" in result) out.rows.push(certified ? { ...result.row, given: { certified: true } } : result.row);
    else out.rejected.push({ line: item.line, message: result.message });
  }
  if (out.total === 0) throw new FeedError(feedMessages.noRows);
  out.ignoredColumns = [...ignored];
  return out;
}
