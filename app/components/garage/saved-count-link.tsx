import { useRouteLoaderData } from "@remix-run/react";
import type { SavedState } from "~/server/handlers/garage/saved-state";

/** The header's saved count, linking to the saved cars; the root loader's state (spec 000 §4). */
export function SavedCountLink() {
  const saved = useRouteLoaderData<{ saved?: SavedState }>("root")?.saved;
  return (
    <a href={saved?.href} className="px-3 py-2 font-semibold" data-testid="saved-count-link">
      <span aria-hidden="true">♥ </span>Saved (<span data-testid="saved-count">{saved?.ids.length ?? 0}</span>)
    </a>
  );
}
