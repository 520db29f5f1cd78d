import { emptyFeedMapping, feedColumnNames, type FeedColumn, type FeedMapping } from "~/server/tenants/stock-feed-mapping";
import { FeedError, feedMessages } from "./messages";

/** Issue 10: the CSV columns we read, by their own names. Header matching ignores case, spaces and punctuation. */
export const feedColumns = feedColumnNames;
export type { FeedColumn };

/** Without these a row cannot become a vehicle a shopper can find and price; the feed is refused naming them. */
export const requiredColumns: readonly FeedColumn[] = ["stock_number", "year", "make", "model", "price", "condition"];

/**
 * Names dealers' export tools (DMS, Carsales/AutoTrader style exports, spreadsheets) use for our
 * columns. Documented in docs/operations.md; compared after `headerKey`, so "Stock #", "stock no."
 * and "STOCK_NO" are one name.
 */
export const columnAliases: Readonly<Record<FeedColumn, readonly string[]>> = {
  stock_number: ["Stock #", "Stock No", "StockNo", "Stock Number", "Stocknum", "Stock Num", "Stock ID", "Stock Code", "Stock Ref"],
  registration: [
    "Rego",
    "Registration",
    "Registration Number",
    "Rego No",
    "Rego Number",
    "Plate",
    "Plate Number",
    "License Plate",
    "Licence Plate",
    "Number Plate",
  ],
  registration_state: ["Rego State", "Registration State", "Plate State", "State Registered"],
  vin: ["VIN Number", "VIN No", "Chassis Number", "Chassis No", "VIN/Chassis"],
  year: ["Model Year", "Year Model", "Yr"],
  make: ["Manufacturer", "Brand"],
  model: ["Model Name"],
  badge: ["Trim", "Variant", "Grade", "Trim Level"],
  series: ["Model Series", "Series Code"],
  body: ["Body Style", "Body Type", "Body Shape"],
  transmission: ["Trans", "Gearbox", "Transmission Type"],
  fuel: ["Fuel Type"],
  drive: ["Drive Type", "Drivetrain", "Drive Train", "Driveline"],
  odometer: ["Mileage", "Kms", "Km", "Kilometres", "Kilometers", "Odometer (km)", "Odometer (kms)", "Odometer (mi)", "Miles"],
  price: ["Selling Price", "Sale Price", "Retail Price", "Advertised Price", "Asking Price", "Internet Price"],
  price_type: ["Price Qualifier", "Price Description"],
  condition: ["New/Used", "New Used", "Stock Type", "Vehicle Condition", "Car Type"],
  colour: ["Color", "Exterior Colour", "Exterior Color", "Ext Colour", "Ext Color", "Paint", "Paint Colour", "Paint Color"],
  seats: ["Seating Capacity", "Seat Capacity", "Number of Seats", "No of Seats", "Seating"],
  photos: ["Images", "Image URLs", "Photo URLs", "Pictures", "Image List", "Photo List"],
  description: ["Comments", "Dealer Comments", "Vehicle Description", "Seller Comments"],
  location: ["Yard", "Branch", "Location Name", "Dealer Location"],
  status: ["Stock Status", "Vehicle Status", "Availability"],
  tag: ["Label", "Sticker"],
  features: ["Options", "Equipment", "Feature List"],
};

/** "Stock #" → "stock", "Odometer (km)" → "odometerkm": lowercase letters and digits only. */
export function headerKey(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, "");
}

const byKey = new Map<string, FeedColumn>();
for (const column of feedColumns) {
  byKey.set(headerKey(column), column);
  for (const alias of columnAliases[column]) byKey.set(headerKey(alias), column);
}

export type HeaderMap = {
  /** For each of our columns present, the index of its field in a row. */
  index: Partial<Record<FeedColumn, number>>;
  /** The header as written, for messages. */
  names: Partial<Record<FeedColumn, string>>;
  /** Header cells we do not read, reported so a misspelt column is noticed. */
  ignored: string[];
};

/** Every header name read as `column`: our own name first, then the aliases. */
export function acceptedHeaders(column: FeedColumn): string[] {
  return [column, ...columnAliases[column]];
}

/**
 * Which field holds which column: the mapping's `columns` (site.json stock_feed, or --map) first,
 * then our names and aliases. Two headers for one column are refused (the feed would be ambiguous),
 * and so is a header without a required column that has no default, naming the headers accepted
 * for it and the two ways to fix it without editing the file.
 */
export function mapHeader(header: readonly string[], mapping: Pick<FeedMapping, "columns" | "defaults"> = emptyFeedMapping): HeaderMap {
  const mapped = new Map<string, FeedColumn>();
  for (const [name, column] of Object.entries(mapping.columns)) mapped.set(headerKey(name), column);
  const map: HeaderMap = { index: {}, names: {}, ignored: [] };
  header.forEach((raw, index) => {
    const name = raw.trim();
    const key = headerKey(name);
    const column = mapped.get(key) ?? byKey.get(key);
    if (!column) {
      if (name !== "") map.ignored.push(name);
      return;
    }
    const earlier = map.names[column];
    if (earlier !== undefined) throw new FeedError(feedMessages.duplicateColumn(column, earlier, name));
    map.index[column] = index;
    map.names[column] = name;
  });
  const missing = requiredColumns.filter((column) => map.index[column] === undefined && mapping.defaults[column] === undefined);
  if (missing.length > 0)
    throw new FeedError(feedMessages.missingColumns(missing.map((column) => ({ column, accepted: acceptedHeaders(column) }))));
  return map;
}
