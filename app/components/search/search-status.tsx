import { useEffect, useState } from "react";
import { useNavigation } from "@remix-run/react";
import { STALLED_SEARCH_DELAY_MS } from "~/app/lib/search-client";

export type SearchStatus = "idle" | "loading" | "stalled";

/** loading while a search navigation runs, stalled after 200 ms (spinner, results kept). */
export function useSearchStatus(): SearchStatus {
  const navigation = useNavigation();
  const searching = navigation.state !== "idle" && (navigation.location?.pathname.startsWith("/search") ?? false);
  // Which navigation has been waiting past the delay: a new search starts as "loading" again.
  const searchKey = searching ? (navigation.location?.key ?? "search") : null;
  const [stalledKey, setStalledKey] = useState<string | null>(null);
  useEffect(() => {
    if (searchKey === null) return;
    const timer = setTimeout(() => setStalledKey(searchKey), STALLED_SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchKey]);
  if (searchKey === null) return "idle";
  return stalledKey === searchKey ? "stalled" : "loading";
}

export function SearchStatusBanner({ status }: { status: SearchStatus }) {
  return (
    <div role="status" aria-live="polite" className="min-h-6 text-sm" data-testid="search-status" data-status={status}>
      {status === "stalled" ? (
        <span className="inline-flex items-center gap-2">
          <span className="h-4 w-4 animate-spin rounded-full border-2 border-gray-400 border-t-transparent" aria-hidden="true" />
          Updating results…
        </span>
      ) : null}
    </div>
  );
}
