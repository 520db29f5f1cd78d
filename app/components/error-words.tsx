import type { ReactNode } from "react";

/** An error page's words: its heading, what happened and a link on (the caller's box around them). */
export function ErrorWords({ title, detail, link }: { title: string; detail: string; link: ReactNode }) {
  return (
    <>
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-4">{detail}</p>
      <p className="mt-6">{link}</p>
    </>
  );
}
