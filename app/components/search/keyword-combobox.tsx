import { useFetcher, useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { KeywordSuggestion } from "~/server/search/words/suggestion";

type SuggestionData = { suggestion: KeywordSuggestion | null };

// Long enough that a fast typist sends one request per pause, short enough to feel immediate.
const TYPING_PAUSE_MS = 150;

/**
 * The keyword box: a plain search input without JavaScript; with it, an ARIA 1.2 combobox whose
 * one suggestion shows what the words mean on this site ("Toyota · SUV · Under $40,000 — 28 cars").
 * Arrow Down selects the suggestion, Enter follows it, Escape closes it.
 */
export function KeywordCombobox({
  id,
  name,
  defaultValue,
  className,
}: {
  id: string;
  name: string;
  defaultValue: string;
  className: string;
}) {
  const fetcher = useFetcher<SuggestionData>();
  const location = useLocation();
  const navigate = useNavigate();
  const listId = useId();
  const optionId = `${listId}-option`;
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => (timer.current ? clearTimeout(timer.current) : undefined), []);

  const suggestion = fetcher.data?.suggestion ?? null;
  const expanded = hydrated && open && suggestion !== null;

  function ask(text: string) {
    if (timer.current) clearTimeout(timer.current);
    setActive(false);
    if (text.trim() === "") {
      setOpen(false);
      return;
    }
    timer.current = setTimeout(() => {
      fetcher.load(`/api/search-words?${new URLSearchParams({ q: text, path: location.pathname }).toString()}`);
      setOpen(true);
    }, TYPING_PAUSE_MS);
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" && suggestion) {
      event.preventDefault();
      setOpen(true);
      setActive(true);
    } else if (event.key === "ArrowUp" && active) {
      event.preventDefault();
      setActive(false);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      setOpen(false);
      setActive(false);
    } else if (event.key === "Enter" && expanded && active && suggestion) {
      event.preventDefault();
      setOpen(false);
      navigate(suggestion.href);
    }
  }

  return (
    <div className="relative flex-1">
      <input
        id={id}
        name={name}
        type="search"
        defaultValue={defaultValue}
        maxLength={200}
        autoComplete="off"
        placeholder="Make, model or keyword"
        className={className}
        {...(hydrated
          ? {
              role: "combobox",
              "aria-autocomplete": "list" as const,
              "aria-expanded": expanded,
              "aria-controls": listId,
              "aria-activedescendant": expanded && active ? optionId : undefined,
            }
          : {})}
        onChange={(event) => ask(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
      />
      {hydrated ? (
        <ul
          id={listId}
          role="listbox"
          aria-label="Search suggestions"
          hidden={!expanded}
          className="absolute left-0 right-0 top-full z-20 mt-1 rounded border border-gray-300 bg-white shadow-lg"
        >
          {suggestion ? (
            // The keyboard works on the combobox input (aria-activedescendant), as ARIA 1.2 has it.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <li
              id={optionId}
              role="option"
              aria-selected={active}
              className={`cursor-pointer px-3 py-2 text-sm ${active ? "bg-gray-200" : "hover:bg-gray-100"}`}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => {
                setOpen(false);
                navigate(suggestion.href);
              }}
              data-testid="keyword-suggestion"
            >
              {suggestion.summary}
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  );
}
