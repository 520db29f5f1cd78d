import type { z } from "~/server/lib/zod";

/** A configuration problem that stops the process at start with one line. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

export function formatIssuePath(path: ReadonlyArray<PropertyKey>): string {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out === "" ? String(part) : `.${String(part)}`;
  }
  return out;
}

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === "invalid_type") {
    // "(root)" is clearer than an empty path when the whole file has the wrong shape
    return `expected ${issue.expected}`;
  }
  if (issue.code === "unrecognized_keys") return `unknown field ${issue.keys.map((k) => `"${k}"`).join(", ")}`;
  return issue.message;
}

/** `tenants/x/site.json: locations[2].address.postcode: expected string` */
export function formatConfigIssue(file: string, issue: z.core.$ZodIssue): string {
  const path = formatIssuePath(issue.path);
  return `${file}: ${path === "" ? "(root)" : path}: ${describeIssue(issue)}`;
}
