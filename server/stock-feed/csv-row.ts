import { z } from "~/server/lib/zod";
import type { CarType } from "~/server/stock/vehicle";
import { feedColumns, type FeedColumn } from "./columns";
import type { FeedRow } from "./feed-row";
import type { LocationMatcher } from "./locations";
import { rowMessages } from "./messages";
import { readOdometer, readPrice, squash, type StatusMeaning, type StatusReader } from "./dealer-values";

export type RowContext = {
  locations: LocationMatcher;
  /** The built-in status words plus site.json stock_feed.statuses and --status. */
  statuses: StatusReader;
  /** Values for columns the export lacks or leaves empty (site.json stock_feed.defaults, --default). */
  defaults: Partial<Record<FeedColumn, string>>;
  defaultLocation: FeedRow["location"];
  /** The newest model year accepted: next year's models are sold from mid-year. */
  latestYear: number;
};

const MAX_TEXT = 200;
const MAX_DESCRIPTION = 20_000;

/** One cell read: its value, or why it cannot be used. */
type Cell<T> = { value: T } | { error: string };

/** A cell without surrounding space; a multi-line cell's CRLF becomes \n, as the site shows text. */
function clean(value: string | undefined): string {
  if (value === undefined) return "";
  const text = value.trim();
  return text.includes("\r") ? text.replace(/\r\n?/g, "\n") : text;
}

function optionalText(raw: string, max = MAX_TEXT): Cell<string | null> {
  if (raw === "") return { value: null };
  return raw.length > max ? { error: rowMessages.tooLong(max) } : { value: raw };
}

function requiredText(raw: string, max = MAX_TEXT): Cell<string> {
  if (raw === "") return { error: rowMessages.required };
  return raw.length > max ? { error: rowMessages.tooLong(max) } : { value: raw };
}

// "$34,990", "34 990.00", "NZ$ 12,500", "82,000 km": currency, thousands separators and units are decoration.
const NUMBER = /^\d+(\.\d+)?$/;
function plainNumber(text: string): string {
  return text
    .replace(/^(?:[A-Z]{2,3})?\s*\$\s*/i, "")
    .replace(/\s*(?:kms?|kilomet(?:re|er)s?|mi|miles)$/i, "")
    .replace(/[,\s]/g, "");
}

function amount(raw: string, whole: boolean): Cell<number | null> {
  if (raw === "") return { value: null };
  const text = plainNumber(raw);
  if (text.startsWith("-") && NUMBER.test(text.slice(1))) return { error: rowMessages.negative(raw) };
  if (!NUMBER.test(text)) return { error: whole ? rowMessages.expectedWholeNumber(raw) : rowMessages.expectedNumber(raw) };
  const number = Number(text);
  if (whole && !Number.isInteger(number)) return { error: rowMessages.expectedWholeNumber(raw) };
  return { value: number };
}

// What dealer tools write in a New/Used column.
const conditions: Record<string, CarType> = {
  new: "new",
  n: "new",
  brandnew: "new",
  used: "used",
  u: "used",
  preowned: "used",
  secondhand: "used",
  usedvehicle: "used",
  demo: "demo",
  d: "demo",
  demonstrator: "demo",
  exdemo: "demo",
  demonstration: "demo",
};

function condition(raw: string): Cell<CarType> {
  if (raw === "") return { error: rowMessages.required };
  const found = conditions[squash(raw)];
  return found ? { value: found } : { error: rowMessages.expectedCondition(raw) };
}

const VIN = /^[A-Z0-9]{6,17}$/;

function vin(raw: string): Cell<string | null> {
  if (raw === "") return { value: null };
  const value = raw.toUpperCase().replace(/\s/g, "");
  return VIN.test(value) ? { value } : { error: rowMessages.badVin(raw) };
}

function year(raw: string, latest: number): Cell<number> {
  if (raw === "") return { error: rowMessages.required };
  const value = /^\d{4}$/.test(raw) ? Number(raw) : NaN;
  return value >= 1900 && value <= latest ? { value } : { error: rowMessages.expectedYear(raw, latest) };
}

function list(raw: string): string[] {
  return raw
    .split("|")
    .map((part) => part.trim())
    .filter((part) => part !== "");
}

function location(raw: string, context: RowContext): Cell<FeedRow["location"]> {
  if (raw === "") return { value: context.defaultLocation };
  const found = context.locations.byName(raw);
  return found ? { value: found } : { error: rowMessages.unknownLocation(raw, context.locations.known) };
}

/** The cell's value; only called once every cell of the row is known to be good. */
function valueOf<T>(cell: Cell<T>): T {
  if ("error" in cell) throw new Error(`unchecked cell: ${cell.error}`);
  return cell.value;
}

// Every cell is text (or absent when the feed has no such column); one transform then reads the
// row, so a bad row lists each bad cell and a good one costs one pass (per-cell zod transforms
// cost a 50,000-row feed a second).
const cellsSchema = z.object(
  Object.fromEntries(feedColumns.map((column) => [column, z.string().optional()])) as Record<FeedColumn, z.ZodOptional<z.ZodString>>,
);

/** The zod schema of one CSV row (cells by our column names) for one tenant and import time. */
export function csvRowSchema(context: RowContext) {
  return cellsSchema.transform((cells, ctx) => {
    const raw = (column: FeedColumn) => {
      const text = clean(cells[column]);
      return text === "" ? (context.defaults[column]?.trim() ?? "") : text;
    };
    const read = {
      stock_number: requiredText(raw("stock_number"), 64),
      vin: vin(raw("vin")),
      registration: optionalText(raw("registration"), 20),
      registration_state: optionalText(raw("registration_state"), 20),
      year: year(raw("year"), context.latestYear),
      make: requiredText(raw("make")),
      model: requiredText(raw("model")),
      badge: optionalText(raw("badge")),
      series: optionalText(raw("series")),
      body: optionalText(raw("body")),
      transmission: optionalText(raw("transmission")),
      fuel: optionalText(raw("fuel")),
      drive: optionalText(raw("drive")),
      odometer: readOdometer(raw("odometer")),
      price: readPrice(raw("price")),
      price_type: optionalText(raw("price_type")),
      condition: condition(raw("condition")),
      colour: optionalText(raw("colour")),
      seats: amount(raw("seats"), true),
      description: optionalText(raw("description"), MAX_DESCRIPTION),
      location: location(raw("location"), context),
      status: context.statuses.read(raw("status")),
      tag: optionalText(raw("tag")),
    };
    let bad = false;
    for (const [column, cell] of Object.entries(read)) {
      if ("error" in cell) {
        ctx.addIssue({ code: "custom", path: [column], message: cell.error, input: cells[column as FeedColumn] });
        bad = true;
      }
    }
    if (bad) return z.NEVER;
    const features = raw("features");
    const seats = valueOf(read.seats);
    const status: StatusMeaning | null = valueOf(read.status);
    return {
      stocknum: valueOf(read.stock_number),
      vin: valueOf(read.vin),
      registration: valueOf(read.registration),
      registration_state: valueOf(read.registration_state),
      year: valueOf(read.year),
      make: valueOf(read.make),
      model: valueOf(read.model),
      badge: valueOf(read.badge),
      series: valueOf(read.series),
      body: valueOf(read.body),
      transmission: valueOf(read.transmission),
      fuel: valueOf(read.fuel),
      drive: valueOf(read.drive),
      km: valueOf(read.odometer),
      price: valueOf(read.price),
      price_type: valueOf(read.price_type),
      car_type: valueOf(read.condition),
      colour: valueOf(read.colour),
      seats: seats === 0 ? null : seats,
      photos: list(raw("photos")),
      description: valueOf(read.description),
      location: valueOf(read.location),
      status: status?.status ?? "in_stock",
      // An empty status says nothing about a hold; a written one is the dealer's word on it.
      held: status === null ? undefined : status.held,
      tag: valueOf(read.tag),
      features: features === "" ? null : list(features),
    };
  });
}

export type CsvCells = Partial<Record<FeedColumn, string>>;

type Issue = { path: ReadonlyArray<PropertyKey>; message: string };

/** zod issues as one message: `price: expected a number, got "POA"; year: required`, fields named as `name` says. */
export function issuesMessage(issues: ReadonlyArray<Issue>, name: (path: string) => string = (path) => path): string {
  return issues.map((issue) => `${name(issue.path.map(String).join(".")) || "(row)"}: ${issue.message}`).join("; ");
}

/**
 * One CSV row checked and turned into a FeedRow; a rejected row's message names each bad field by
 * its header as written in the file ("Kms: expected a number, got \"about 80k\"").
 */
export function csvRow(
  schema: ReturnType<typeof csvRowSchema>,
  line: number,
  cells: CsvCells,
  headerNames: Partial<Record<FeedColumn, string>>,
): { row: FeedRow } | { message: string } {
  const result = schema.safeParse(cells);
  if (!result.success) {
    return { message: issuesMessage(result.error.issues, (path) => headerNames[path as FeedColumn] ?? path) };
  }
  return {
    row: { line, ...result.data, feed_id: null, feed_slug: null, listed_since: null, sold_since: null, given: {} },
  };
}
