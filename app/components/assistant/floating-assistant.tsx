import { useLocation } from "@remix-run/react";
import { ASSISTANT_TITLE } from "~/server/assistant/answers";
import { AssistantChatLink } from "./assistant-dialog";

/**
 * The floating chat button of a site without a third-party chat widget (spec 000 §2): the site's own
 * assistant, in a dialog with JavaScript, the link to /assistant without. Not on the assistant's own page.
 */
export function FloatingAssistant() {
  const { pathname } = useLocation();
  if (pathname === "/assistant") return null;
  return (
    <AssistantChatLink
      href="/assistant"
      label={ASSISTANT_TITLE}
      className="pointer-events-auto m-4 rounded-full bg-brand px-5 py-3 font-semibold text-brand-contrast shadow-lg"
      testId="assistant-button"
    />
  );
}
