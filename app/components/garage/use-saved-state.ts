import { useFetchers, useRouteLoaderData } from "@remix-run/react";
import type { SavedState } from "~/server/handlers/garage/saved-state";

/** The form the hearts post to: /saved-cars toggles one car (issue 14 §1). */
export const SAVE_ACTION = "/saved-cars";

const EMPTY: SavedState = { ids: [], href: "/saved-cars", signedIn: false };

/** The shopper's saved ids from the root loader (spec 000 §4: loaded once per page, revalidated after a toggle). */
export function useSavedState(): SavedState {
  const data = useRouteLoaderData<{ saved?: SavedState }>("root");
  return data?.saved ?? EMPTY;
}

/** The saved ids with every heart click still in flight applied, so the header count moves at once. */
export function useOptimisticSavedIds(): number[] {
  const { ids } = useSavedState();
  const pending = useFetchers().filter((fetcher) => fetcher.formAction === SAVE_ACTION && fetcher.formData);
  const out = new Set(ids);
  for (const fetcher of pending) {
    const id = Number(fetcher.formData?.get("car_id"));
    if (fetcher.formData?.get("intent") === "remove") out.delete(id);
    else out.add(id);
  }
  return [...out];
}
