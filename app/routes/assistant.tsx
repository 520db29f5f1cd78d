import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { GREETING } from "~/server/assistant/answers";
import { MAX_MESSAGE_LENGTH } from "~/server/assistant/transcript";
import { CONVERSATION_PARAM } from "~/server/assistant/webchat-events";
import { assistantAction, assistantPage, type ChatData } from "~/server/handlers/assistant/assistant-page";
import { LeadForm } from "../components/forms/lead-form";

const TITLE = "Ask us";
const HANDOVER_FORM = "assistant-handover";

// Handler: server/handlers/assistant/assistant-page.ts (the car in context, the answers, the hand-over lead).
export const loader = (args: LoaderFunctionArgs) => assistantPage(args);
export const action = (args: ActionFunctionArgs) => assistantAction(args);

/** The conversation lives in the action's answers; reloading the page's data would only count another opening (54). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction?.startsWith("/assistant") ? false : defaultShouldRevalidate;

export const meta: MetaFunction = () => [{ title: TITLE }];

function isChatData(value: unknown): value is ChatData {
  return typeof value === "object" && value !== null && "transcript" in value;
}

export default function AssistantRoute() {
  const { vehicle, handover } = useLoaderData<typeof loader>();
  const actionData: unknown = useActionData<typeof action>();
  const chat = isChatData(actionData) ? actionData : { transcript: [], error: null };
  const transcript = chat.transcript;
  // Both forms post inside the conversation, keeping the car in context (?vehicle=).
  const params = new URLSearchParams(useLocation().search);
  params.set(CONVERSATION_PARAM, "");
  const conversationAction = `/assistant?${params.toString()}`;
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{TITLE}</h1>
      {vehicle ? <p data-testid="assistant-vehicle">About the {vehicle.title}</p> : null}
      <ol role="log" aria-label="Conversation" className="space-y-3" data-testid="assistant-log">
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
      <Form method="post" action={conversationAction} className="flex gap-2" data-testid="assistant-form">
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
          className="flex-1 rounded border border-gray-400 px-3 py-2"
          aria-describedby={chat.error ? "assistant-error" : undefined}
        />
        <button type="submit" className="rounded bg-brand px-4 py-2 font-semibold text-brand-contrast">
          Send
        </button>
      </Form>
      {chat.error ? (
        <p id="assistant-error" role="alert" className="text-red-700">
          {chat.error}
        </p>
      ) : null}
      <section aria-labelledby="assistant-handover-title" className="rounded-lg border border-gray-200 bg-white p-4 sm:p-6">
        <h2 id="assistant-handover-title" className="text-xl font-semibold">
          Talk to a person
        </h2>
        <p className="mb-4 text-gray-700">Leave your details and the team will get back to you, with this conversation.</p>
        {/* Belongs to the lead form (form attribute) so the conversation goes with it, JS or not. */}
        <input type="hidden" name="transcript" form={HANDOVER_FORM} value={JSON.stringify(transcript)} />
        <LeadForm view={handover} formId={HANDOVER_FORM} action={conversationAction} />
      </section>
    </div>
  );
}
