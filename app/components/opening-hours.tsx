import type { OpeningHour } from "../../server/tenants/schema";

const dayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** Monday first, as people read a week; spec 001 §3 numbers Sunday 0. */
export function OpeningHours({ hours }: { hours: OpeningHour[] }) {
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
