import type { OpeningHour } from "~/server/tenants/schema";

const dayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** Monday first, as people read a week; spec 001 §3 numbers Sunday 0. */
export function OpeningHours({ hours }: { hours: ReadonlyArray<Pick<OpeningHour, "weekday" | "status" | "formated_hours">> }) {
  const ordered = [...hours].sort((a, b) => ((a.weekday + 6) % 7) - ((b.weekday + 6) % 7));
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="opening-hours">
      {ordered.map((entry) => (
        <div key={entry.weekday} className="contents">
          <dt className="font-medium">{dayNames[entry.weekday]}</dt>
          <dd>{entry.status === "Closed" ? "Closed" : entry.formated_hours}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A location's opening hours under their own heading; nothing when the location lists none. */
export function OpeningHoursSection({ hours, headingAs }: { hours: OpeningHour[]; headingAs: "h3" | "p" }) {
  if (hours.length === 0) return null;
  const Heading = headingAs;
  return (
    <div className="mt-3">
      <Heading className="font-semibold">Opening hours</Heading>
      <div className="mt-1">
        <OpeningHours hours={hours} />
      </div>
    </div>
  );
}
