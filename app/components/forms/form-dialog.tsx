import { Link, useNavigate } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { useHydrated } from "../vehicle/use-hydrated";

type FormDialogProps = {
  id: string;
  title: string;
  /** The vehicle page the dialog sits on; Close and Escape go back there. */
  closeHref: string;
  /** The links that open this dialog, to give focus back to when it closes. */
  triggerSelector: string;
  testId: string;
  /** Under the title: the car the dialog is about. */
  subtitle?: ReactNode;
  children: ReactNode;
};

/**
 * A dialog route (ARCHITECTURE "Dialogs are routes"). With JS: a modal <dialog> (showModal), Escape or
 * Close navigate back to the vehicle and focus returns to the link that opened it. Without JS the server
 * renders it open in the page and Close is a link back.
 */
export function FormDialog({ id, title, closeHref, triggerSelector, testId, subtitle, children }: FormDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const hydrated = useHydrated();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    // The link that was focused (clicked) before the route changed, else the page's own opener.
    const opener =
      document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    if (!element.matches(":modal")) {
      if (element.open) element.close();
      element.showModal();
    }
    return () => {
      const target = opener && opener.isConnected ? opener : document.querySelector<HTMLElement>(triggerSelector);
      target?.focus();
    };
  }, [triggerSelector]);

  const close = () => navigate(closeHref, { preventScrollReset: true, replace: false });
  const closeClass =
    "rounded border border-gray-400 px-3 py-1 text-sm font-semibold hover:bg-gray-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand";

  return (
    <dialog
      ref={dialog}
      id={id}
      open
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      // However many questions a dealer's form asks, its submit button stays reachable: the submit row
      // sticks to the dialog's bottom edge while the fields scroll.
      className="fixed inset-0 z-50 m-auto h-fit max-h-[90vh] w-[calc(100%-2rem)] max-w-2xl overflow-auto rounded-lg bg-white p-6 text-gray-900 shadow-2xl backdrop:bg-black/50 [&_.submit-row]:sticky [&_.submit-row]:-bottom-6 [&_.submit-row]:-mx-6 [&_.submit-row]:border-t [&_.submit-row]:border-gray-200 [&_.submit-row]:bg-white [&_.submit-row]:px-6 [&_.submit-row]:py-3"
      data-testid={testId}
    >
      <div className="mb-4 flex items-start justify-between gap-4">
        <div>
          <h2 id={`${id}-title`} className="text-xl font-bold">
            {title}
          </h2>
          {subtitle ? (
            <div className="mt-2 text-gray-700" data-testid={`${testId}-subtitle`}>
              {subtitle}
            </div>
          ) : null}
        </div>
        {hydrated ? (
          <button type="button" onClick={close} className={closeClass} data-testid={`${testId}-close`}>
            Close
          </button>
        ) : (
          <Link to={closeHref} className={closeClass} data-testid={`${testId}-close`}>
            Close
          </Link>
        )}
      </div>
      {children}
    </dialog>
  );
}
