import { useLocation } from "@remix-run/react";
import { useSavedState } from "./use-saved-state";
import { SiteLink } from "~/app/components/site-link";

/**
 * 'Save this search' on a search page of a garage site: a POST form to the garage with
 * a name and this page's address; signed out, a link to sign in instead.
 */
export function SaveSearchForm({ defaultName }: { defaultName: string }) {
  const { garage, signedIn, href } = useSavedState();
  const location = useLocation();
  if (garage === null) return null;
  if (!signedIn) {
    return (
      <p className="text-sm">
        <SiteLink href={href} className="font-semibold underline">
          Sign in to save this search
        </SiteLink>
      </p>
    );
  }
  return (
    <form method="post" action={garage} className="flex flex-wrap items-end gap-2 text-sm" data-testid="save-search">
      <input type="hidden" name="intent" value="save-search" />
      <input type="hidden" name="url" value={`${location.pathname}${location.search}`} />
      <label className="font-semibold" htmlFor="save-search-name">
        Search name
        <input
          id="save-search-name"
          name="name"
          required
          maxLength={100}
          defaultValue={defaultName}
          className="ml-2 rounded border border-gray-400 px-2 py-1"
        />
      </label>
      <button type="submit" className="rounded px-3 py-1 font-semibold ring-1 ring-gray-400">
        Save this search
      </button>
    </form>
  );
}
