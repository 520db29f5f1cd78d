import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { z } from "~/server/lib/zod";
import type { Tenant } from "~/server/tenants/load";
import { logger } from "~/server/lib/logger";
import { stockFileSchema, type Vehicle } from "~/server/stock/vehicle";

export type StockFile = z.infer<typeof stockFileSchema>;

/** A stock feed that cannot be used; the message is one line naming the file and the first bad field. */
export class StockFileError extends Error {
  override name = "StockFileError";
}

function issuePath(parts: ReadonlyArray<PropertyKey>): string {
  let out = "";
  for (const part of parts) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out === "" ? String(part) : `.${String(part)}`;
  }
  return out === "" ? "(root)" : out;
}

function describe(issue: z.core.$ZodIssue): string {
  return issue.code === "invalid_type" ? `expected ${issue.expected}` : issue.message;
}

/** `tenants/x/stock.json: vehicles[12].price: expected number` */
export function parseStockFile(displayPath: string, text: string): StockFile {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : "invalid JSON";
    throw new StockFileError(`${displayPath}: (root): invalid JSON (${reason})`);
  }
  const result = stockFileSchema.safeParse(raw);
  if (!result.success) {
    const first = result.error.issues[0];
    throw new StockFileError(first ? `${displayPath}: ${issuePath(first.path)}: ${describe(first)}` : `${displayPath}: invalid`);
  }
  return result.data;
}

/** The tenant's vehicles from `<tenant.dir>/stock.json`; no file means no stock yet, not an error. */
export function loadStock(tenant: Tenant): Vehicle[] {
  const file = path.join(tenant.dir, "stock.json");
  const display = path.relative(process.cwd(), file) || file;
  if (!existsSync(file)) {
    logger.warn({ tenant: tenant.slug, file: display }, "stock file not found; run npm run stock:generate");
    return [];
  }
  return parseStockFile(display, readFileSync(file, "utf8")).vehicles;
}
