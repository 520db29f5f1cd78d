/** The main submit button's look (a lead form's, a step's). */
export const primaryButton =
  "inline-flex min-w-40 items-center justify-center gap-2 rounded bg-brand px-6 py-3 font-semibold text-brand-contrast hover:opacity-90 focus-visible:outline focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:cursor-wait disabled:opacity-80";

/** spec 001 §4: a button's label, or a spinner and 'Loading' while its submission is under way. */
export function PendingLabel({ text, busy }: { text: string; busy: boolean }) {
  if (!busy) return <>{text}</>;
  return (
    <>
      <span
        aria-hidden="true"
        className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent"
        data-testid="submit-spinner"
      />
      Loading
    </>
  );
}

/** spec 001 §4: disabled with a spinner and the label 'Loading' while submitting. */
export function SubmitButton({ label, pending }: { label: string; pending: boolean }) {
  return (
    <button type="submit" disabled={pending} aria-disabled={pending} className={primaryButton} data-testid="submit">
      <PendingLabel text={label} busy={pending} />
    </button>
  );
}
