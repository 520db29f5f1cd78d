import type { CalculatorField, CalculatorView } from "~/server/vehicle-page/types";
import { financeWords } from "~/server/lib/spelling";
import { useSiteLocale } from "~/app/lib/site-locale";
import { Panel } from "./panel";

type Props = {
  calculator: CalculatorView;
  action: string;
  /** Query values the page keeps across a calculation (the revealed phone). */
  keep: Record<string, string>;
};

// The estimate's three repayments, weekly first (the weekly and monthly ones are read by tests).
const REPAYMENTS = [
  { period: "weekly", label: "Weekly", testId: "calculator-weekly" },
  { period: "fortnightly", label: "Fortnightly", testId: undefined },
  { period: "monthly", label: "Monthly", testId: "calculator-monthly" },
] as const;

function Field({
  name,
  label,
  calculator,
  inputMode,
}: {
  name: CalculatorField;
  label: string;
  calculator: CalculatorView;
  inputMode: "numeric" | "decimal";
}) {
  const error = calculator.errors[name];
  const id = `calc-${name}`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="text"
        inputMode={inputMode}
        defaultValue={calculator.values[name]}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="mt-1 w-full rounded border border-gray-400 px-3 py-2"
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A GET form (`?price=…&deposit=…&rate=…&term=…#calculator`) whose result the loader computes, so
 * it works the same with JavaScript off. It starts from the finance summary's loan (rate, term,
 * deposit, balloon); without an offer, 10% interest (spec 001 §9).
 */
export function FinanceCalculator({ calculator, action, keep }: Props) {
  const termError = calculator.errors.term;
  const { result } = calculator;
  const words = financeWords(useSiteLocale());
  return (
    <Panel id="calculator" headingId="calculator-heading" heading="Finance calculator" testId="finance-calculator">
      <form method="get" action={`${action}#calculator`} className="mt-3 grid gap-3 sm:grid-cols-2">
        {Object.entries(keep).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Field name="price" label="Vehicle price ($)" calculator={calculator} inputMode="numeric" />
        <Field name="deposit" label={`${words.deposit} ($)`} calculator={calculator} inputMode="numeric" />
        <Field name="rate" label={`${words.interestRate} (%${words.perAnnum})`} calculator={calculator} inputMode="decimal" />
        <div>
          <label htmlFor="calc-term" className="block text-sm font-semibold">
            Term
          </label>
          <select
            id="calc-term"
            name="term"
            defaultValue={calculator.values.term}
            aria-invalid={termError ? true : undefined}
            aria-describedby={termError ? "calc-term-error" : undefined}
            className="mt-1 w-full rounded border border-gray-400 bg-white px-3 py-2"
          >
            {calculator.terms.map((months) => (
              <option key={months} value={String(months)}>
                {months} months ({months / 12} {months === 12 ? "year" : "years"})
              </option>
            ))}
          </select>
          {termError ? (
            <p id="calc-term-error" className="mt-1 text-sm text-red-700">
              {termError}
            </p>
          ) : null}
        </div>
        <Field name="balloon" label="Balloon payment ($)" calculator={calculator} inputMode="numeric" />
        <div className="sm:col-span-2">
          <button type="submit" className="rounded bg-brand px-4 py-2 font-semibold text-brand-contrast">
            Calculate repayments
          </button>
        </div>
      </form>
      <div aria-live="polite" className="mt-4">
        {result ? (
          <div data-testid="calculator-result">
            <p className="text-sm text-gray-700">Estimated repayments on {result.principal} borrowed:</p>
            <dl className="mt-2 grid grid-cols-3 gap-2 text-center">
              {REPAYMENTS.map(({ period, label, testId }) => (
                <div key={period} className="rounded bg-gray-100 p-2">
                  <dt className="text-sm">{label}</dt>
                  <dd className="font-bold" data-testid={testId}>
                    {result[period]}
                  </dd>
                </div>
              ))}
            </dl>
            <p className="mt-2 text-xs text-gray-600">An estimate only, not a quote or an offer of finance.</p>
          </div>
        ) : null}
      </div>
    </Panel>
  );
}
