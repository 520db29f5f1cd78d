import { useEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from "react";
import { useHydrated } from "../vehicle/use-hydrated";

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select, textarea, summary, [tabindex="0"]';

/**
 * The 'Filters' control at the top of the results on phones, with the number of filters
 * applied. Without JavaScript it is a link to the panel (#filters), which CSS `:target` shows as a sheet;
 * with it, a button opening the sheet as a dialog.
 */
export function FiltersButton({
  count,
  onOpen,
  buttonRef,
}: {
  count: number;
  onOpen: () => void;
  buttonRef: RefObject<HTMLButtonElement>;
}) {
  const hydrated = useHydrated();
  const className =
    "inline-flex items-center gap-2 rounded border border-gray-900 bg-white px-3 py-1.5 font-semibold text-gray-900 lg:hidden";
  const content = (
    <>
      Filters
      {count > 0 ? (
        <span className="rounded-full bg-gray-900 px-2 text-sm text-white" data-testid="filters-count">
          {count}
          <span className="sr-only"> applied</span>
        </span>
      ) : null}
    </>
  );
  return hydrated ? (
    <button ref={buttonRef} type="button" onClick={onOpen} aria-haspopup="dialog" className={className} data-testid="filters-button">
      {content}
    </button>
  ) : (
    <a href="#filters" className={className} data-testid="filters-button">
      {content}
    </a>
  );
}

/**
 * The filter panel: the side column on large screens; on phones hidden until opened, then a
 * full-height sheet. With JavaScript it is a modal dialog: focus stays inside, Escape closes it and
 * focus goes back to the Filters button.
 */
export function FiltersSheet({
  open,
  onClose,
  resultsText,
  returnFocus,
  children,
}: {
  open: boolean;
  onClose: () => void;
  resultsText: string;
  returnFocus: RefObject<HTMLButtonElement>;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const sheet = useRef<HTMLElement>(null);
  const close = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = "hidden";
    close.current?.focus();
    const button = returnFocus.current;
    return () => {
      root.style.overflow = overflow;
      button?.focus();
    };
  }, [open, returnFocus]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!open) return;
    if (event.key === "Escape") {
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== "Tab" || !sheet.current) return;
    const focusable = [...sheet.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => element.offsetParent !== null);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const dialog = hydrated && open ? { role: "dialog", "aria-modal": true, "aria-label": "Filters" } : {};
  const barClass = "rounded border border-gray-900 px-3 py-1.5 font-semibold";
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the dialog's Escape and focus trap
    <aside
      ref={sheet}
      id="filters"
      className="filters-sheet order-2 lg:order-1"
      data-open={open ? "true" : "false"}
      onKeyDown={onKeyDown}
      data-testid="filters-sheet"
      {...dialog}
    >
      <div className="filters-sheet-bar mb-2 flex justify-end lg:hidden">
        {hydrated ? (
          <button ref={close} type="button" onClick={onClose} className={barClass} data-testid="filters-close">
            Close
          </button>
        ) : (
          <a href="#results-title" className={barClass} data-testid="filters-close">
            Close
          </a>
        )}
      </div>
      {children}
      {hydrated ? (
        <div className="sticky bottom-0 mt-4 bg-white py-3 lg:hidden">
          <button
            type="button"
            onClick={onClose}
            className="w-full rounded bg-brand px-4 py-3 font-semibold text-brand-contrast"
            data-testid="filters-show-results"
          >
            Show {resultsText}
          </button>
        </div>
      ) : null}
    </aside>
  );
}
