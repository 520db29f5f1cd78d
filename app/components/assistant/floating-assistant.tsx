import { useLocation } from "@remix-run/react";
import { ASSISTANT_TITLE } from "~/server/assistant/answers";
import { AssistantChatLink } from "./assistant-dialog";

/**
 * The floating chat button of a site without a third-party chat widget (spec 000 §2): the site's own
 * assistant, in a dialog with JavaScript, the link to /assistant without. Not on the assistant's own page,
 * nor on a phone's vehicle page (app/styles/tailwind.css), where the sticky Call / Enquire bar and the
 * page's own buttons carry the actions and a floating button would cover them.
 */
export function FloatingAssistant() {
  const { pathname } = useLocation();
  if (pathname === "/assistant") return null;
  return (
    <AssistantChatLink
      href="/assistant"
      label={ASSISTANT_TITLE}
      className="floating-assistant pointer-events-auto m-3 rounded-full bg-brand px-4 py-2 text-sm font-semibold text-brand-contrast shadow-lg sm:m-4 sm:px-5 sm:py-3 sm:text-base"
      testId="assistant-button"
    />
  );
}
