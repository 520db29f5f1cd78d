import { InfoDialog } from "./info-dialog";
import type { FinanceView } from "~/server/vehicle-page/types";
import { Panel } from "./panel";

function Fact({ label, value, testId }: { label: string; value: string | null; testId: string }) {
  if (value === null) return null;
  return (
    <div>
      <dt className="text-gray-600">{label}</dt>
      <dd className="font-semibold" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** Shown only when financeOffer() gave an offer (spec 000 §5 finance display). */
export function FinanceBlock({ finance, disclaimerOpen }: { finance: FinanceView; disclaimerOpen: boolean }) {
  return (
    <Panel id="finance" headingId="finance-heading" heading="Finance" testId="vehicle-finance">
      {finance.payment ? (
        <p className="mt-1">
          <span className="text-2xl font-bold" data-testid="finance-payment">
            {finance.payment.text}
          </span>{" "}
          <span className="text-gray-700">{finance.payment.frequencyLabel}*</span>
        </p>
      ) : null}
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <Fact label={finance.words.interestRate} value={finance.interestRate} testId="finance-interest-rate" />
        <Fact label={finance.words.comparisonRate ?? ""} value={finance.comparisonRate} testId="finance-comparison-rate" />
        <Fact label="Term" value={finance.term} testId="finance-term" />
        <Fact label={finance.words.deposit} value={finance.deposit} testId="finance-deposit" />
        <Fact label="Balloon" value={finance.balloon} testId="finance-balloon" />
      </dl>
      <div className="mt-3 text-sm">
        <span aria-hidden="true">* </span>
        <InfoDialog
          id="finance-disclaimer"
          title="Finance disclaimer"
          openLabel="Finance disclaimer"
          param="disclaimer"
          initiallyOpen={disclaimerOpen}
          testId="finance-disclaimer"
        >
          <p>{finance.disclaimer}</p>
        </InfoDialog>
      </div>
    </Panel>
  );
}
