import { addressAnswer, carAnswer, hoursAnswer, PASS_TO_TEAM, phoneAnswer } from "~/server/assistant/answers";
import { readQuestion } from "~/server/assistant/question";
import type { TranscriptEntry } from "~/server/assistant/transcript";
import type { Logger } from "~/server/lib/logger";
import { listingPath } from "~/server/search/paths";
import { runSearch } from "~/server/search/run-search";
import type { SearchBackend } from "~/server/search/types";
import { keywordSuggestion } from "~/server/search/words/suggestion";
import { vehicleHref } from "~/server/stock/can-reserve";
import { isListed } from "~/server/stock/is-listed";
import { priceDisplay } from "~/server/stock/price-display";
import type { Vehicle } from "~/server/stock/vehicle";
import { vehicleTitle } from "~/server/stock/vehicle-title";
import type { Tenant } from "~/server/tenants/load";
import { formatCount } from "~/server/lib/format";

export type AssistantInput = { message: string; vehicle: Vehicle | null; tenant: Tenant; backend: SearchBackend; log: Logger; now: number };

// The stock answer shows up to three cars and a link to all of them.
const CARDS = 3;

/** The car a conversation is about (?vehicle= on the vehicle page's link), when it is this site's and listed. */
export async function vehicleInContext(slug: string | null, tenant: Tenant, backend: SearchBackend, now: number): Promise<Vehicle | null> {
  if (!slug || slug.length > 200) return null;
  try {
    const vehicle = await backend.getVehicle(tenant, slug);
    return vehicle && (isListed(vehicle, tenant.site, now) || vehicle.status === "sold") && vehicle.show_on_dealer_website ? vehicle : null;
  } catch {
    return null;
  }
}

async function stockAnswer(input: AssistantInput): Promise<TranscriptEntry> {
  const { message, tenant, backend, log, now } = input;
  const suggestion = await keywordSuggestion(message, listingPath(tenant), tenant, backend, log, now);
  if (!suggestion || suggestion.count === 0 || (suggestion.labels.length === 0 && suggestion.text === "")) {
    return { from: "assistant", text: PASS_TO_TEAM, links: [] };
  }
  const outcome = await runSearch(new URL(suggestion.href, "http://assistant.invalid"), tenant, backend, log, now, CARDS);
  const hits = outcome.kind === "ok" ? outcome.page.hits.slice(0, CARDS) : [];
  return {
    from: "assistant",
    text: `${suggestion.summary}. Here ${hits.length === 1 ? "is one" : `are ${hits.length}`}:`,
    links: [
      ...hits.map((vehicle) => ({
        href: vehicleHref(vehicle, tenant.site),
        text: `${vehicleTitle(vehicle)} — ${priceDisplay(vehicle, tenant.site).text}`,
      })),
      { href: suggestion.href, text: `See all ${formatCount(suggestion.count)}` },
    ],
  };
}

/** The assistant's answer to one message, only from the site's own data; anything else goes to the team. */
export async function assistantReply(input: AssistantInput): Promise<TranscriptEntry> {
  const { message, vehicle, tenant, now } = input;
  const question = readQuestion(message, vehicle !== null);
  const say = (text: string, links: TranscriptEntry["links"] = []): TranscriptEntry => ({ from: "assistant", text, links });
  switch (question?.kind) {
    case "hours":
      return say(hoursAnswer(tenant.site, question.weekday, now));
    case "address": {
      const answer = addressAnswer(tenant.site);
      return say(answer.text, answer.links);
    }
    case "phone":
      return say(phoneAnswer(tenant.site));
    case "car":
      return vehicle ? say(carAnswer(vehicle, question.topic, tenant.site)) : say(PASS_TO_TEAM);
    case "stock":
      return stockAnswer(input);
    default:
      return say(PASS_TO_TEAM);
  }
}
