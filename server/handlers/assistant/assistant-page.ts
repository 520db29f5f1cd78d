import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { MAX_MESSAGE_LENGTH } from "~/server/assistant/limits";
import { appendEntries, readTranscript, transcriptText, type TranscriptEntry } from "~/server/assistant/transcript";
import { assistantHandoverEvent, assistantMessageEvent, assistantOpenedEvent } from "~/server/assistant/webchat-events";
import { leadFormAction, leadFormPage } from "~/server/handlers/leads";
import { vehicleTitle } from "~/server/stock/vehicle-title";
import { recordAssistantEvent } from "./events";
import { assistantReply, vehicleInContext } from "./reply";

/** What the conversation page shows after a message: the conversation so far, or why nothing was sent. */
export type ChatData = { transcript: TranscriptEntry[]; error: string | null };

export const NO_MESSAGE = "Please type a message.";

/** GET /assistant: the car in context (?vehicle=), the hand-over form, and the opening counted (54). */
export async function assistantPage({ request, context }: LoaderFunctionArgs) {
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
 * POST /assistant: a chat message (intent=send) gets the assistant's answer appended to the
 * conversation the form carries; the hand-over form is an ordinary enquiry lead whose message quotes
 * the conversation.
 */
export async function assistantAction({ request, context }: ActionFunctionArgs) {
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
