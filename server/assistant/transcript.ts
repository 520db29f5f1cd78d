import { z } from "~/server/lib/zod";
import { MAX_MESSAGES } from "./limits";

/**
 * The conversation so far travels with each POSTed message (a hidden field), so the assistant
 * works without JavaScript and keeps nothing on the server. It is bounded and re-validated on
 * every request; what the visitor sends back is only shown to them and, on hand-over, quoted to
 * the team as the visitor's copy.
 */
const linkSchema = z.object({ href: z.string().max(500), text: z.string().max(200) });
export const entrySchema = z.object({
  from: z.enum(["visitor", "assistant"]),
  text: z.string().max(2000),
  links: z.array(linkSchema).max(5).default([]),
});
export type TranscriptEntry = z.infer<typeof entrySchema>;

/** The transcript field's value back to entries; anything malformed starts the conversation afresh. */
export function readTranscript(value: unknown): TranscriptEntry[] {
  if (typeof value !== "string" || value.length > 40_000) return [];
  try {
    const parsed = z.array(entrySchema).max(MAX_MESSAGES).safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** The conversation with new entries, oldest dropped past the bound. */
export function appendEntries(transcript: readonly TranscriptEntry[], ...entries: TranscriptEntry[]): TranscriptEntry[] {
  return [...transcript, ...entries].slice(-MAX_MESSAGES);
}

/** The conversation as plain text for the team ("Visitor: …", "Assistant: …"). */
export function transcriptText(transcript: readonly TranscriptEntry[]): string {
  return transcript.map((entry) => `${entry.from === "visitor" ? "Visitor" : "Assistant"}: ${entry.text}`).join("\n");
}
