import { z } from "~/server/lib/zod";

/**
 * The columns a stock feed can fill, by our own names. The list lives here, not in
 * server/stock-feed, because site.json's `stock_feed` mapping is checked against it at start and
 * the tenants folder imports nothing of the feed pipeline.
 */
export const feedColumnNames = [
  "stock_number",
  "vin",
  "registration",
  "registration_state",
  "year",
  "make",
  "model",
  "badge",
  "series",
  "body",
  "transmission",
  "fuel",
  "drive",
  "odometer",
  "price",
  "price_type",
  "condition",
  "colour",
  "seats",
  "photos",
  "description",
  "location",
  "status",
  "tag",
  "features",
] as const;
export type FeedColumn = (typeof feedColumnNames)[number];

/**
 * What a status cell can mean. `reserved` is in stock with a hold on it (a deposit taken, under
 * offer): listed with the Reserved tag, not reservable online.
 */
export const feedStatusNames = ["in_stock", "reserved", "coming_soon", "sold"] as const;
export type FeedStatus = (typeof feedStatusNames)[number];

const columnName = z.enum(feedColumnNames, {
  error: (issue) => `expected one of our columns (${feedColumnNames.join(", ")}), got ${JSON.stringify(issue.input)}`,
});
const statusName = z.enum(feedStatusNames, {
  error: (issue) => `expected ${feedStatusNames.join(", ")}, got ${JSON.stringify(issue.input)}`,
});

/**
 * site.json `stock_feed.columns` / `defaults` / `statuses`: how this dealer's export reads without
 * editing the file. `columns` maps a header as written to our column; `defaults` fills a column the
 * export lacks (or leaves empty), such as `"condition": "used"` for a used-only yard; `statuses`
 * adds the dealer's own status words. The CLI's --map and --default take the same, and win.
 */
export const feedMappingShape = {
  columns: z.record(z.string().min(1), columnName).default({}),
  defaults: z.partialRecord(columnName, z.string()).default({}),
  statuses: z.record(z.string().min(1), statusName).default({}),
};

export type FeedMapping = {
  columns: Record<string, FeedColumn>;
  defaults: Partial<Record<FeedColumn, string>>;
  statuses: Record<string, FeedStatus>;
};

export const emptyFeedMapping: FeedMapping = { columns: {}, defaults: {}, statuses: {} };
