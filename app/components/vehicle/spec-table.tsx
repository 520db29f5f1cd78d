import type { SpecRow } from "~/server/vehicle-page/types";

export function SpecTable({ specs }: { specs: SpecRow[] }) {
  if (specs.length === 0) return null;
  return (
    <section aria-labelledby="specs-heading" data-testid="vehicle-specs">
      <h2 id="specs-heading" className="text-xl font-bold">
        Specifications
      </h2>
      <table className="mt-3 w-full text-left text-sm">
        <tbody>
          {specs.map((row) => (
            <tr key={row.key} className="border-b border-gray-200" data-testid={`spec-${row.key}`}>
              <th scope="row" className="w-1/3 py-2 pr-4 font-semibold">
                {row.label}
              </th>
              <td className="py-2">{row.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
