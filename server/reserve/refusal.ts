/** What a thrown reserve refusal carries to the reserve route's ErrorBoundary. */
export type ReserveRefusal = { kind: "reserve_refused"; message: string };

export function isReserveRefusal(value: unknown): value is ReserveRefusal {
  return (
    typeof value === "object" &&
    value !== null &&
    "kind" in value &&
    value.kind === "reserve_refused" &&
    "message" in value &&
    typeof value.message === "string"
  );
}
