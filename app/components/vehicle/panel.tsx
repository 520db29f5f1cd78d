import type { ReactNode } from "react";

type PanelProps = { id?: string; headingId: string; heading: ReactNode; testId: string; children: ReactNode };

/** One of the vehicle page's boxes: a white bordered section named by its heading. */
export function Panel({ id, headingId, heading, testId, children }: PanelProps) {
  return (
    <section id={id} aria-labelledby={headingId} className="rounded-lg border border-gray-200 bg-white p-4" data-testid={testId}>
      <h2 id={headingId} className="text-lg font-bold">
        {heading}
      </h2>
      {children}
    </section>
  );
}
