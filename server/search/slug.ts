/** spec 001 §5 slug helper: trim, lowercase, non-alphanumerics to hyphens (runs collapse, ends trimmed). */
export function slugify(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
