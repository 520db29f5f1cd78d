// spec 000 §9: payment card types.
export const PAYMENT_CARDS = ["Mastercard", "Visa", "Maestro", "Google Pay", "Apple Pay"] as const;

/** spec 000 §2: the 'We accept' strip, as text badges (each readable by name). */
export function WeAccept() {
  return (
    <div data-testid="we-accept">
      <p className="text-sm font-semibold">We accept</p>
      <ul className="mt-1 flex flex-wrap gap-2" aria-label="Payment methods we accept">
        {PAYMENT_CARDS.map((card) => (
          <li key={card} className="rounded border border-gray-300 bg-white px-2 py-0.5 text-xs font-semibold text-gray-800">
            {card}
          </li>
        ))}
      </ul>
    </div>
  );
}
