/**
 * Deep equality of JSON values, ignoring key order and undefined members (a stored vehicle and a
 * rebuilt one list keys differently). Runs once per vehicle of an import, so it allocates nothing.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameValue(a[i], b[i])) return false;
    return true;
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  let keys = 0;
  for (const key in left) {
    const value = left[key];
    if (value === undefined) continue;
    keys++;
    if (!Object.hasOwn(right, key) || !sameValue(value, right[key])) return false;
  }
  for (const key in right) if (right[key] !== undefined) keys--;
  return keys === 0;
}
