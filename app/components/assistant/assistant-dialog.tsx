import { useFetcher } from "@remix-run/react";
import { lazy, Suspense, useEffect, useId, useRef, type MouseEvent, type RefObject } from "react";
import { conversationAction, isChatData, NO_CHAT } from "~/app/lib/assistant/conversation";
import { ASSISTANT_TITLE } from "~/server/assistant/answers";
import type { assistantAction } from "~/server/handlers/assistant/assistant-page";
import { useHydrated } from "../vehicle/use-hydrated";
import type { AssistantView } from "./conversation";

type AssistantChatLinkProps = {
  /** The assistant with the car in context (`/assistant?vehicle=<slug>`): the link without JavaScript, the dialog's data with it. */
  href: string;
  label: string;
  className: string;
  testId: string;
};

/**
 * The conversation and its hand-over form load with the first opening, beside the conversation's
 * data: the chat button is on every page, and its conversation (with the lead form) was ≈ 5 KB of
 * every page's JavaScript before anyone opened it.
 */
const loadConversation = () => import("./conversation");
const AssistantConversation = lazy(() => loadConversation().then((module) => ({ default: module.AssistantConversation })));

/**
 * Mounted with the conversation (after its data and its code arrived, whichever came last): the
 * message box takes the focus from Close.
 */
function FocusMessageBox({ dialog }: { dialog: RefObject<HTMLDialogElement | null> }) {
  useEffect(() => {
    if (dialog.current?.open) dialog.current.querySelector<HTMLInputElement>("input[name=message]")?.focus();
  }, [dialog]);
  return null;
}

function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * A link to the site's assistant. With JavaScript it opens the same conversation in a modal <dialog>
 * over the page (Escape or Close shut it and focus returns to the link); the conversation loads from
 * the assistant's loader on first opening (counted as the opening, 54) and messages post to its action
 * through a fetcher, so the page stays. Without JavaScript it is the link to /assistant.
 */
export function AssistantChatLink(props: AssistantChatLinkProps) {
  // Another car (a client-side move to its page) starts another conversation: new fetchers, nothing of the last car's.
  return <AssistantChat key={props.href} {...props} />;
}

function AssistantChat({ href, label, className, testId }: AssistantChatLinkProps) {
  const hydrated = useHydrated();
  // A page may hold two openers (the vehicle's button and the floating one): each dialog its own id.
  const dialogId = `assistant-dialog-${useId().replace(/:/g, "")}`;
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLAnchorElement>(null);
  const page = useFetcher<AssistantView>();
  const chat = useFetcher<typeof assistantAction>();
  const search = new URL(href, "http://page.invalid").search;
  const loaded = page.data;

  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!hydrated || !isPlainClick(event) || !dialog.current) return;
    event.preventDefault();
    if (!loaded && page.state === "idle") {
      page.load(href);
      void loadConversation();
    }
    dialog.current.showModal();
    dialog.current.querySelector<HTMLInputElement>("input[name=message]")?.focus();
  };

  return (
    <>
      <a ref={opener} href={href} onClick={open} aria-haspopup={hydrated ? "dialog" : undefined} className={className} data-testid={testId}>
        {label}
      </a>
      {hydrated ? (
        <dialog
          ref={dialog}
          id={dialogId}
          aria-labelledby={`${dialogId}-title`}
          onClose={() => opener.current?.focus()}
          className="fixed inset-0 z-50 m-auto h-fit max-h-[90vh] w-[calc(100%-2rem)] max-w-2xl overflow-auto rounded-lg bg-white p-4 text-gray-900 shadow-2xl backdrop:bg-black/50 sm:p-6"
          data-testid="assistant-dialog"
        >
          <div className="mb-4 flex items-start justify-between gap-3">
            <h2 id={`${dialogId}-title`} className="text-xl font-bold">
              {ASSISTANT_TITLE}
            </h2>
            <button
              type="button"
              onClick={() => dialog.current?.close()}
              className="rounded border border-gray-400 px-3 py-1 text-sm font-semibold hover:bg-gray-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand"
            >
              Close
            </button>
          </div>
          <div className="space-y-6">
            {loaded ? (
              <Suspense fallback={<p role="status">Loading</p>}>
                <AssistantConversation
                  view={loaded}
                  chat={isChatData(chat.data) ? chat.data : NO_CHAT}
                  action={conversationAction(search)}
                  MessageForm={chat.Form}
                  sending={chat.state !== "idle"}
                />
                <FocusMessageBox dialog={dialog} />
              </Suspense>
            ) : (
              <p role="status">Loading</p>
            )}
          </div>
        </dialog>
      ) : null}
    </>
  );
}
