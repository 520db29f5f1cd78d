import type { ReactNode } from "react";

type BuiltInPageProps = { page: string; title: string; intro: string; children: ReactNode };

/** A page the site builds itself (about us, dealerships, offers): its heading and introduction, then its sections. */
export function BuiltInPage({ page, title, intro, children }: BuiltInPageProps) {
  return (
    <article className="space-y-8" data-testid="content-page" data-page={page}>
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold">{title}</h1>
        <p className="mt-2 text-lg text-gray-700">{intro}</p>
      </header>
      {children}
    </article>
  );
}
