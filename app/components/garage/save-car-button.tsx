import type { FormEventHandler } from "react";
import { useFetcher, useRouteLoaderData } from "@remix-run/react";
import type { FavouriteReply } from "~/server/handlers/garage/favourite-action";
import type { SavedState } from "~/server/handlers/garage/saved-state";

/** Where the heart's fetcher posts: the same action, answering JSON (no navigation). */
export const SAVE_CAR_FETCH_ACTION = "/saved-cars?js";

/** One fetcher per car, by key: a server-drawn card's heart posts through the same one (results-grid.tsx). */
export const saveCarFetcherKey = (carId: number) => `save-car-${carId}`;

/** Whether the heart shows the car saved: as a pending press says, else as the visitor's saved cars do. */
export function shownSaved(carId: number, pendingIntent: unknown, savedIds: readonly number[]): boolean {
  return pendingIntent ? pendingIntent === "add" : savedIds.includes(carId);
}

/** How the heart reads: its label, its glyph and what pressing it does next. */
export function heartState(saved: boolean, title: string): { label: string; glyph: string; intent: "add" | "remove" } {
  return saved
    ? { label: `Remove ${title} from saved`, glyph: "♥", intent: "remove" }
    : { label: `Save ${title}`, glyph: "♡", intent: "add" };
}

/**
 * The heart on every card and vehicle page. Without JavaScript a POST form that toggles
 * and comes back to the page it was on at this card (the action reads the Referer and adds
 * #save-car-{id}); with JavaScript a fetcher that fills the heart at once. Kept small: it ships on
 * every vehicle page, inside the 110 KB budget.
 */
export function SaveCarButton({ carId, title }: { carId: number; title: string }) {
  const fetcher = useFetcher<FavouriteReply>({ key: saveCarFetcherKey(carId) });
  const ids = useRouteLoaderData<{ saved?: SavedState }>("root")?.saved?.ids ?? [];
  const saved = shownSaved(carId, fetcher.formData?.get("intent"), ids);
  const message = fetcher.state === "idle" ? fetcher.data?.message : undefined;
  return (
    <SaveCarForm
      carId={carId}
      title={title}
      saved={saved}
      message={message}
      onSubmit={(event) => {
        // With JavaScript the fetcher posts (?js answers JSON, no navigation); without, the form does (303 back).
        event.preventDefault();
        fetcher.submit(event.currentTarget, { method: "post", action: SAVE_CAR_FETCH_ACTION });
      }}
    />
  );
}

/**
 * The heart's form as markup alone, without the router's hooks: the results page's server-drawn cards
 * carry it as it is (the no-JavaScript form), and the grid posts it through the car's fetcher once hydrated.
 */
export function SaveCarForm({
  carId,
  title,
  saved,
  message,
  onSubmit,
}: {
  carId: number;
  title: string;
  saved: boolean;
  message?: string | null | undefined;
  onSubmit?: FormEventHandler<HTMLFormElement>;
}) {
  const heart = heartState(saved, title);
  return (
    <form method="post" action="/saved-cars" id={`save-car-${carId}`} className="flex gap-2" onSubmit={onSubmit}>
      <input type="hidden" name="car_id" value={carId} />
      <input type="hidden" name="intent" value={heart.intent} />
      <button aria-label={heart.label} className="h-10 w-10 rounded-full bg-white text-2xl text-red-600 shadow">
        {heart.glyph}
      </button>
      {message ? (
        <span role="status" className="bg-white p-1 text-sm">
          {message}
        </span>
      ) : null}
    </form>
  );
}
