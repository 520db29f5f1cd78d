import type { ReactNode } from "react";

type TitledSectionProps = { titleId: string; title: ReactNode; testId: string; children: ReactNode };

/** A block of a landing page (home, search) named by its heading: makes, promotions, products, locations. */
export function TitledSection({ titleId, title, testId, children }: TitledSectionProps) {
  return (
    <section aria-labelledby={titleId} data-testid={testId}>
      <h2 id={titleId} className="mb-3 text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}
