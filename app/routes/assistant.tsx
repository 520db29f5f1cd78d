import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { GREETING } from "~/server/assistant/answers";
import { appendEntries, MAX_MESSAGE_LENGTH, readTranscript, transcriptText, type TranscriptEntry } from "~/server/assistant/transcript";
import { assistantHandoverEvent, assistantMessageEvent, assistantOpenedEvent, CONVERSATION_PARAM } from "~/server/assistant/webchat-events";
import { recordAssistantEvent } from "~/server/handlers/assistant/events";
import { assistantReply, vehicleInContext } from "~/server/handlers/assistant/reply";
import { leadFormAction } from "~/server/handlers/leads/form-action";
import { leadFormPage } from "~/server/handlers/leads/form-page";
import { vehicleTitle } from "~/server/stock/vehicle-title";
import { LeadForm } from "../components/forms/lead-form";

const TITLE = "Ask us";
const HANDOVER_FORM = "assistant-handover";
const NO_MESSAGE = "Please type a message.";

type ChatData = { transcript: TranscriptEntry[]; error: string | null };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant } = context;
  const url = new URL(request.url);
  const backend = context.services.search.backendFor(tenant);
  const vehicle = await vehicleInContext(url.searchParams.get("vehicle"), tenant, backend, Date.now());
  const handover = await leadFormPage({ request, context, kind: "general", vehicle });
  await recordAssistantEvent(request, context, assistantOpenedEvent(url));
  return json(
    { vehicle: vehicle ? { slug: vehicle.slug, title: vehicleTitle(vehicle) } : null, handover },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/**
 * A chat message (intent=send) gets the assistant's answer appended to the conversation the
 * form carries; the hand-over form is an ordinary enquiry lead whose message quotes the conversation.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.clone().formData();
  const transcript = readTranscript(form.get("transcript"));
  if (form.get("intent") !== "send") {
    const response = await leadFormAction({
      request,
      context,
      kind: "general",
      car: { from: "field" },
      extraLeadFields: (values) => ({
        message: `${String(values.message ?? "")}\n\nConversation with the site's assistant (as the visitor's page sent it):\n${transcriptText(transcript)}`,
      }),
    });
    await recordAssistantEvent(request, context, assistantHandoverEvent(response.status));
    return response;
  }
  const message = String(form.get("message") ?? "")
    .trim()
    .slice(0, MAX_MESSAGE_LENGTH);
  const headers = { "Cache-Control": "no-store" };
  if (message === "") return json<ChatData>({ transcript, error: NO_MESSAGE }, { status: 400, headers });
  const { tenant, log } = context;
  const now = Date.now();
  const backend = context.services.search.backendFor(tenant);
  const vehicle = await vehicleInContext(String(form.get("vehicle") ?? ""), tenant, backend, now);
  const reply = await assistantReply({ message, vehicle, tenant, backend, log, now });
  await recordAssistantEvent(request, context, assistantMessageEvent(transcript));
  return json<ChatData>(
    { transcript: appendEntries(transcript, { from: "visitor", text: message, links: [] }, reply), error: null },
    { headers },
  );
}

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
