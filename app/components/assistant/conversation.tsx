import type { SerializeFrom } from "@remix-run/node";
import type { FetcherWithComponents } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { GREETING } from "~/server/assistant/answers";
import { MAX_MESSAGE_LENGTH } from "~/server/assistant/limits";
import type { assistantPage, ChatData } from "~/server/handlers/assistant/assistant-page";
import { LeadForm } from "../forms/lead-form";

const HANDOVER_FORM = "assistant-handover";

/** What the assistant's loader gives the conversation: the car in context and the hand-over form. */
export type AssistantView = SerializeFrom<typeof assistantPage>;

type ConversationProps = {
  view: AssistantView;
  chat: ChatData;
  /** Where both forms post (conversationAction). */
  action: string;
  /** The page's <Form> (a navigation, as without JavaScript) or the dialog's fetcher.Form (the page stays). */
  MessageForm: FetcherWithComponents<unknown>["Form"];
  sending: boolean;
};

/**
 * The conversation with the site's assistant, on /assistant and in the vehicle page's dialog: the
 * answers so far (links to cars and searches), the message box, and the hand-over to a person.
 */
export function AssistantConversation({ view, chat, action, MessageForm, sending }: ConversationProps) {
  const { vehicle, handover } = view;
  const { transcript, error } = chat;
  const form = useRef<HTMLFormElement>(null);

  // An answered message leaves the box empty for the next one (each answer is a new transcript).
  useEffect(() => {
    if (transcript.length > 0) form.current?.reset();
  }, [transcript]);

  return (
    <>
      {vehicle ? <p data-testid="assistant-vehicle">About the {vehicle.title}</p> : null}
      {/* The log announces each answer; its list keeps the entries' list semantics (a role on the <ol> would drop them). */}
      <div role="log" aria-label="Conversation" data-testid="assistant-log">
        <ol className="space-y-3">
          <li className="rounded bg-gray-100 p-3">{GREETING}</li>
          {transcript.map((entry, index) => (
            <li
              key={index}
              className={`whitespace-pre-line rounded p-3 ${entry.from === "visitor" ? "ml-8 bg-brand text-brand-contrast" : "mr-8 bg-gray-100"}`}
              data-testid={entry.from === "visitor" ? "assistant-question" : "assistant-answer"}
            >
              <span className="sr-only">{entry.from === "visitor" ? "You: " : "Assistant: "}</span>
              {entry.text}
              {entry.links.length > 0 ? (
                <ul className="mt-2 list-disc pl-5">
                  {entry.links.map((link) => (
                    <li key={link.href}>
                      <a className="underline" href={link.href}>
                        {link.text}
                      </a>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      </div>
      <MessageForm ref={form} method="post" action={action} className="flex gap-2" data-testid="assistant-form">
        <input type="hidden" name="intent" value="send" />
        <input type="hidden" name="transcript" value={JSON.stringify(transcript)} />
        <input type="hidden" name="vehicle" value={vehicle?.slug ?? ""} />
        <label htmlFor="assistant-message" className="sr-only">
          Your message
        </label>
        <input
          id="assistant-message"
          name="message"
          maxLength={MAX_MESSAGE_LENGTH}
          autoComplete="off"
          className="min-w-0 flex-1 rounded border border-gray-400 px-3 py-2"
          aria-describedby={error ? "assistant-error" : undefined}
        />
        {/* spec 001 §4: the submit label reads 'Loading' while submitting. */}
        <button type="submit" disabled={sending} className="rounded bg-brand px-4 py-2 font-semibold text-brand-contrast">
          {sending ? "Loading" : "Send"}
        </button>
      </MessageForm>
      {error ? (
        <p id="assistant-error" role="alert" className="text-red-700">
          {error}
        </p>
      ) : null}
      <section aria-labelledby="assistant-handover-title" className="rounded-lg border border-gray-200 bg-white p-4 sm:p-6">
        <h2 id="assistant-handover-title" className="text-xl font-semibold">
          Talk to a person
        </h2>
        <p className="mb-4 text-gray-700">Leave your details and the team will get back to you, with this conversation.</p>
        {/* Belongs to the lead form (form attribute) so the conversation goes with it, JS or not. */}
        <input type="hidden" name="transcript" form={HANDOVER_FORM} value={JSON.stringify(transcript)} />
        <LeadForm view={handover} formId={HANDOVER_FORM} action={action} />
      </section>
    </>
  );
}
