import { useOptimisticSavedIds, useSavedState } from "./use-saved-state";

/** The header's saved count, linking to the saved cars (issue 14 §1). */
export function SavedCountLink() {
  const { href } = useSavedState();
  const count = useOptimisticSavedIds().length;
  return (
    <a
      href={href}
      className="inline-flex items-center gap-1 rounded px-3 py-2 font-semibold hover:bg-black/10"
      data-testid="saved-count-link"
    >
      <span aria-hidden="true">♥</span>
      <span>
        Saved <span className="sr-only">cars</span> (<span data-testid="saved-count">{count}</span>)
      </span>
    </a>
  );
}
