/**
 * What a message to the site's assistant asks, read from its words. Only questions the site's own
 * data answers have a kind; everything else is "other" and goes to the team.
 */
export type CarTopic = "price" | "km" | "finance" | "available";

export type Question =
  | { kind: "handover" }
  | { kind: "hours"; weekday: number | null }
  | { kind: "address" }
  | { kind: "phone" }
  | { kind: "car"; topic: CarTopic }
  | { kind: "stock" };

const dayNames: ReadonlyArray<readonly [RegExp, number]> = [
  [/\bsun(day)?s?\b/, 0],
  [/\bmon(day)?s?\b/, 1],
  [/\btue(s|sday)?s?\b/, 2],
  [/\bwed(nesday)?s?\b/, 3],
  [/\bthu(rs|rsday)?s?\b/, 4],
  [/\bfri(day)?s?\b/, 5],
  [/\bsat(urday)?s?\b/, 6],
];

const handover =
  /\b(human|person|someone|somebody|team|sales ?(person|man|woman|people)|call me( back)?|contact me|talk to|speak to|agent)\b/;
const hours = /\b(open|opening|close|closing|closed|hours|trading)\b/;
const address = /\b(address|where are you|where is|located|location|directions|find you|get there)\b/;
const phone = /\b(phone|number|call|ring)\b/;
const carTopics: ReadonlyArray<readonly [RegExp, CarTopic]> = [
  [/\b(finance|repayments?|weekly|monthly|per week|a week|loan)\b/, "finance"],
  [/\b(available|still (there|for sale)|sold|in stock)\b/, "available"],
  [/\b(km|kms|kilometres|kilometers|mileage|miles|odometer|clock)\b/, "km"],
  [/\b(price|cost|how much|cheaper|drive ?away)\b/, "price"],
];

/** The question in a message; `aboutCar` when the conversation has a vehicle in context. */
export function readQuestion(message: string, aboutCar: boolean): Question | null {
  const text = message.toLowerCase().normalize("NFKC");
  if (handover.test(text)) return { kind: "handover" };
  if (hours.test(text)) {
    const day = dayNames.find(([pattern]) => pattern.test(text));
    return { kind: "hours", weekday: day ? day[1] : null };
  }
  if (address.test(text)) return { kind: "address" };
  if (phone.test(text)) return { kind: "phone" };
  if (aboutCar) {
    const topic = carTopics.find(([pattern]) => pattern.test(text));
    if (topic) return { kind: "car", topic: topic[1] };
  }
  return text.trim() === "" ? null : { kind: "stock" };
}
