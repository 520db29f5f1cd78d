import { useRouteLoaderData } from "@remix-run/react";
import type { SavedState } from "~/server/handlers/garage/saved-state";

const EMPTY: SavedState = { ids: [], href: "/saved-cars", signedIn: false, garage: null };

/** The shopper's saved ids from the root loader (spec 000 §4: loaded once per page, revalidated after a toggle). */
export function useSavedState(): SavedState {
  return useRouteLoaderData<{ saved?: SavedState }>("root")?.saved ?? EMPTY;
}
