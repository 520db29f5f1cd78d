import { useFetcher, useLocation } from "@remix-run/react";
import type { FavouriteReply } from "~/server/handlers/garage/favourite-action";
import { useHydrated } from "../vehicle/use-hydrated";
import { SAVE_ACTION, useSavedState } from "./use-saved-state";

function Heart({ filled }: { filled: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-6 w-6"
      fill={filled ? "currentColor" : "none"}
      stroke="currentColor"
      strokeWidth={2}
    >
      <path d="M12 21s-7.5-4.6-9.5-9.3C1 8.1 3.2 4.5 6.8 4.5c2 0 3.6 1.1 5.2 3 1.6-1.9 3.2-3 5.2-3 3.6 0 5.8 3.6 4.3 7.2C19.5 16.4 12 21 12 21z" />
    </svg>
  );
}

/**
 * The heart on every card and vehicle page (issue 14 §1). Without JavaScript a POST form that toggles
 * and comes back to this spot (#save-car-{id}); with JavaScript a fetcher that fills the heart at once.
 */
export function SaveCarButton({ carId, title, className = "" }: { carId: number; title: string; className?: string }) {
  const fetcher = useFetcher<FavouriteReply>({ key: `save-car-${carId}` });
  const location = useLocation();
  const hydrated = useHydrated();
  const { ids } = useSavedState();
  const pendingIntent = fetcher.formData?.get("intent");
  const saved = pendingIntent ? pendingIntent === "add" : ids.includes(carId);
  const anchor = `save-car-${carId}`;
  const message = fetcher.state === "idle" ? (fetcher.data?.message ?? null) : null;
  return (
    <fetcher.Form
      method="post"
      action={SAVE_ACTION}
      id={anchor}
      className={`inline-flex items-center gap-2 ${className}`}
      data-testid="save-car"
    >
      <input type="hidden" name="car_id" value={carId} />
      <input type="hidden" name="intent" value={saved ? "remove" : "add"} />
      <input type="hidden" name="return_to" value={`${location.pathname}${location.search}#${anchor}`} />
      {hydrated ? <input type="hidden" name="_js" value="1" /> : null}
      <button
        type="submit"
        aria-label={saved ? `Remove ${title} from saved` : `Save ${title}`}
        className="rounded-full bg-white/95 p-2 text-red-600 shadow ring-1 ring-gray-300 hover:bg-white focus-visible:outline focus-visible:outline-2"
        data-saved={saved ? "true" : "false"}
      >
        <Heart filled={saved} />
      </button>
      {message ? (
        <span role="status" className="rounded bg-white px-2 py-1 text-sm text-gray-900 shadow">
          {message}
        </span>
      ) : null}
    </fetcher.Form>
  );
}
