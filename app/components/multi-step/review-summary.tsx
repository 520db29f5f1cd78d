import type { SummaryGroup } from "~/server/handlers/multi-step/step-view";

/** The review step: what each earlier step saved, skipped steps named as skipped. */
export function ReviewSummary({ groups }: { groups: SummaryGroup[] }) {
  return (
    <div className="space-y-3" data-testid="step-summary">
      {groups.map((group) => (
        <section key={group.title} aria-label={group.title} className="rounded border border-gray-200 p-3">
          <h3 className="font-semibold">{group.title}</h3>
          {group.skipped ? (
            <p className="text-sm text-gray-700" data-testid="step-summary-skipped">
              Skipped
            </p>
          ) : (
            <dl className="mt-1 grid grid-cols-[auto,1fr] gap-x-4 gap-y-1 text-sm">
              {group.items.map((item) => (
                <div key={item.label} className="contents">
                  <dt className="text-gray-700">{item.label}</dt>
                  <dd className="font-medium">{item.value}</dd>
                </div>
              ))}
            </dl>
          )}
        </section>
      ))}
    </div>
  );
}
