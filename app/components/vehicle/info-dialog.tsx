import { useLocation } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { useHydrated } from "./use-hydrated";

type InfoDialogProps = {
  id: string;
  title: string;
  openLabel: string;
  /** The query key that renders the dialog open without JavaScript (`?disclaimer=1`). */
  param: string;
  initiallyOpen: boolean;
  testId: string;
  children: ReactNode;
};

function withParam(search: string, param: string, on: boolean): string {
  const query = new URLSearchParams(search);
  if (on) query.set(param, "1");
  else query.delete(param);
  const text = query.toString();
  return text ? `?${text}` : "?";
}

/**
 * A modal <dialog> opened by a button (showModal, so Escape and focus return work). Without
 * JavaScript the opener is a link to `?{param}=1`, which renders the dialog open, and Close
 * links back without it.
 */
export function InfoDialog({ id, title, openLabel, param, initiallyOpen, testId, children }: InfoDialogProps) {
  const hydrated = useHydrated();
  const location = useLocation();
  const dialog = useRef<HTMLDialogElement>(null);

  // Arrived with ?param=1 and JS running: make the server-opened dialog modal.
  useEffect(() => {
    const element = dialog.current;
    if (initiallyOpen && element?.open && !element.matches(":modal")) {
      element.close();
      element.showModal();
    }
  }, [initiallyOpen]);

  const opener = "font-semibold text-brand underline underline-offset-2";
  return (
    <>
      {hydrated ? (
        <button
          type="button"
          className={opener}
          onClick={() => dialog.current?.showModal()}
          aria-haspopup="dialog"
          data-testid={`${testId}-open`}
        >
          {openLabel}
        </button>
      ) : (
        <a className={opener} href={`${withParam(location.search, param, true)}#${id}`} data-testid={`${testId}-open`}>
          {openLabel}
        </a>
      )}
      <dialog
        ref={dialog}
        id={id}
        open={initiallyOpen}
        aria-labelledby={`${id}-title`}
        className="fixed inset-0 z-50 m-auto h-fit max-h-[85vh] w-[calc(100%-2rem)] max-w-lg overflow-auto rounded-lg bg-white p-6 text-gray-900 shadow-2xl backdrop:bg-black/50"
        data-testid={testId}
      >
        <h2 id={`${id}-title`} className="text-xl font-bold">
          {title}
        </h2>
        <div className="mt-3 space-y-3 text-sm leading-relaxed">{children}</div>
        <div className="mt-5 text-right">
          {hydrated ? (
            <button
              type="button"
              onClick={() => dialog.current?.close()}
              className="rounded bg-brand px-4 py-2 font-semibold text-brand-contrast"
              data-testid={`${testId}-close`}
            >
              Close
            </button>
          ) : (
            <a
              href={withParam(location.search, param, false)}
              className="inline-block rounded bg-brand px-4 py-2 font-semibold text-brand-contrast"
              data-testid={`${testId}-close`}
            >
              Close
            </a>
          )}
        </div>
      </dialog>
    </>
  );
}
