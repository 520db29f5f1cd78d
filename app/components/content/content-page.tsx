import type { ContentPage as Page } from "~/server/content/page-schema";
import { ContentLink } from "./content-link";

const buttonClass =
  "inline-block max-w-full rounded bg-brand px-4 py-2 [overflow-wrap:anywhere] font-semibold text-brand-contrast hover:opacity-90 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2";

/** A tenant's content page: title, then sections of short paragraphs with their calls to action. */
export function ContentPage({ page, slug }: { page: Page; slug: string }) {
  return (
    <article className="mx-auto max-w-3xl space-y-8" data-testid="content-page" data-page={slug}>
      <header>
        <h1 className="text-3xl font-bold">{page.title}</h1>
        <p className="mt-2 text-lg text-gray-700">{page.description}</p>
      </header>
      {page.sections.map((section, index) => (
        <section key={section.heading ?? index} className="space-y-3">
          {section.heading ? <h2 className="text-xl font-semibold">{section.heading}</h2> : null}
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="leading-relaxed">
              {paragraph}
            </p>
          ))}
          {section.links && section.links.length > 0 ? (
            <ul className="flex flex-wrap gap-3 pt-1">
              {section.links.map((link) => (
                <li key={link.url + link.label}>
                  <ContentLink link={link} className={buttonClass} />
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </article>
  );
}
