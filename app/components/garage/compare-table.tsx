import type { ComparePage } from "~/server/handlers/garage/compare-page";

const ROWS = [
  ["price", "Price"],
  ["km", "Odometer"],
  ["year", "Year"],
  ["body", "Body"],
  ["transmission", "Transmission"],
  ["fuel", "Fuel"],
  ["financePerWeek", "Finance per week"],
] as const;

/** Issue 14 §3: saved cars side by side, a real table (row and column headers). */
export function CompareTable({ page }: { page: ComparePage }) {
  return (
    <section className="space-y-4" aria-labelledby="compare-heading">
      <h1 id="compare-heading" className="text-2xl font-bold">
        Compare cars
      </h1>
      {page.message ? (
        <p role="status" data-testid="compare-message">
          {page.message}
        </p>
      ) : null}
      {page.columns.length === 0 ? (
        <p>
          Choose up to 3 cars in your{" "}
          <a href={page.backHref} className="font-semibold underline">
            saved cars
          </a>{" "}
          to compare them.
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table className="min-w-full bg-white text-left" data-testid="compare-table">
            <thead>
              <tr>
                <td />
                {page.columns.map((column) => (
                  <th key={column.id} scope="col" className="p-3 align-top">
                    <a href={column.href} className="underline">
                      {column.title}
                    </a>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {ROWS.map(([key, label]) => (
                <tr key={key} className="border-t border-gray-200">
                  <th scope="row" className="p-3 font-semibold">
                    {label}
                  </th>
                  {page.columns.map((column) => (
                    <td key={column.id} className="p-3">
                      {column[key]}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p>
        <a href={page.backHref} className="font-semibold text-brand underline">
          Back to saved cars
        </a>
      </p>
    </section>
  );
}
