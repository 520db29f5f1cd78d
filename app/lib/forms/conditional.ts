/**
 * spec 001 §5: "Fields may show conditionally when another field is filled and error-free."
 * Without JavaScript every field shows (nothing could reveal it), so the page stays usable.
 */
export function isFieldShown(
  conditionalOn: string | undefined,
  trigger: { value: unknown; errors: readonly string[] | undefined } | undefined,
  hydrated: boolean,
): boolean {
  if (!conditionalOn || !hydrated) return true;
  if (!trigger) return true;
  const filled = typeof trigger.value === "string" ? trigger.value.trim() !== "" : trigger.value !== undefined && trigger.value !== null;
  return filled && (trigger.errors === undefined || trigger.errors.length === 0);
}
