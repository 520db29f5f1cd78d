/**
 * The no-JS filter form can't write `range[price]=min:max` or indexed refinement keys itself: it
 * sends `range_min[price]`, `range_max[price]` and `refinementList[make][]`. This folds such a
 * query into the spec's form (spec 000 §2) so the loader can redirect to the shareable URL.
 */
const formRangeKey = /^range_(min|max)\[([a-z_]+)\]$/;
const unindexedKey = /^refinementList\[[a-z_]+\](\[\])?$/;

export function isFormQuery(params: URLSearchParams): boolean {
  for (const key of params.keys()) if (formRangeKey.test(key) || unindexedKey.test(key)) return true;
  return false;
}

export function foldFormRanges(params: URLSearchParams): URLSearchParams {
  const bounds = new Map<string, { min: string; max: string }>();
  const out = new URLSearchParams();
  for (const [key, value] of params) {
    const match = formRangeKey.exec(key);
    if (!match) {
      out.append(key, value);
      continue;
    }
    const attribute = match[2] ?? "";
    const entry = bounds.get(attribute) ?? { min: "", max: "" };
    const cleaned = value.trim().replace(/[$,\s]/g, "");
    if (match[1] === "min") entry.min = cleaned;
    else entry.max = cleaned;
    bounds.set(attribute, entry);
  }
  for (const [attribute, { min, max }] of bounds) {
    if (min !== "" || max !== "") out.set(`range[${attribute}]`, `${min}:${max}`);
  }
  return out;
}
