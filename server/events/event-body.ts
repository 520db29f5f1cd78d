import { z } from "~/server/lib/zod";
import { ANON_ID_PATTERN } from "~/server/visitor/ids";
import { isEventId } from "./definitions";
import { ERROR_MESSAGE_MAX_LENGTH, URL_MAX_LENGTH } from "./recorder";

/**
 * spec 001 §7 analytics events call: body {event:{website_slug,url,category,lead_id,anon_id,session_id,
 * error_message,event_properties}}. `category` is the spec 001 §9 event id (1–57), as a number or digits.
 */
export const EVENT_MESSAGES = {
  invalid: "That event wasn't understood.",
  otherSite: "website_slug doesn't match this site.",
  tooMany: "Too many events from this address; try again in a minute.",
} as const;

const propertyValue = z.union([z.string().max(300), z.number(), z.boolean(), z.null()]);

export const eventBodySchema = z.object({
  event: z.object({
    website_slug: z.string().max(64),
    url: z.string().max(URL_MAX_LENGTH),
    category: z
      .union([
        z.number().int(),
        z
          .string()
          .regex(/^\d{1,2}$/)
          .transform(Number),
      ])
      .refine(isEventId, "unknown event id"),
    lead_id: z.string().max(64).nullish(),
    anon_id: z.string().regex(ANON_ID_PATTERN).nullish(),
    session_id: z.string().regex(ANON_ID_PATTERN).nullish(),
    error_message: z.string().max(ERROR_MESSAGE_MAX_LENGTH).nullish(),
    event_properties: z
      .record(z.string().max(50), propertyValue)
      .refine((record) => Object.keys(record).length <= 20, "at most 20 event_properties")
      .nullish(),
  }),
});

export type EventBody = z.infer<typeof eventBodySchema>;
