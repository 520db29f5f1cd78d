import type { ComparePage } from "~/server/handlers/garage/compare-page";
import { imageSrcSet, imageUrl } from "~/server/images/image-url";
import { useSavedState } from "./use-saved-state";
import { SiteLink } from "~/app/components/site-link";

const photoWidths = [256, 384, 640] as const;

const linkClass = "block rounded px-2 py-1.5 text-center text-sm font-semibold";
// The spec labels stay in view while the cars scroll sideways on a phone.
const pinned = "sticky left-0 z-10 w-24 p-2 text-left align-top sm:w-36 sm:p-3";

/**
 * Saved cars side by side, a real table (row and column headers). On a phone the cars scroll
 * sideways inside their own box with the labels pinned, and a line says when a car is off-screen;
 * a row whose values differ is shaded and says "Differs" (read with its label by screen readers).
 */
export function CompareTable({ page }: { page: ComparePage }) {
  const saved = useSavedState().ids.length > 0;
  const count = page.cars.length;
  const differing = page.rows.filter((row) => row.differs).length;
  return (
    <section className="space-y-4" aria-labelledby="compare-heading">
      <h1 id="compare-heading" className="text-2xl font-bold">
        Compare {page.noun}
      </h1>
      {page.message ? (
        <p role="status" data-testid="compare-message">
          {page.message}
        </p>
      ) : null}
      {count === 0 ? (
        <p>
          {saved ? (
            <>
              Choose up to 3 cars in your{" "}
              <SiteLink href={page.backHref} className="font-semibold underline">
                saved cars
              </SiteLink>{" "}
              to compare them.
            </>
          ) : (
            "Save cars with the heart on each car, then compare up to 3 of them here."
          )}
        </p>
      ) : (
        <>
          {count > 1 ? (
            <p className="text-sm text-gray-700" data-testid="compare-summary">
              {differing === 0 ? "These cars match on every spec below." : <>Rows marked Differs are where these cars differ.</>}
            </p>
          ) : null}
          {count > 1 ? (
            // Without JavaScript the page cannot measure the row, so the cue shows at the widths where the cars do not fit.
            <p
              className={`text-sm font-semibold text-gray-800 ${count > 2 ? "md:hidden" : "hidden max-[389px]:block"}`}
              data-testid="compare-scroll-cue"
            >
              Swipe sideways to see all {count} {page.noun} <span aria-hidden="true">→</span>
            </p>
          ) : null}
          {/* A scrolling box takes focus so keyboard users can scroll it too (axe: scrollable-region-focusable). */}
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- see above */}
          <div className="overflow-x-auto rounded border border-gray-200" role="region" aria-label="Compared cars" tabIndex={0}>
            <table className="w-full border-collapse bg-white text-left text-sm sm:text-base" data-testid="compare-table">
              <thead>
                <tr>
                  <td className={`${pinned} bg-white`} />
                  {page.cars.map((car) => (
                    <th key={car.id} scope="col" className="min-w-[8rem] p-2 align-top font-normal sm:p-3" data-testid="compare-car">
                      {car.image ? (
                        <img
                          src={imageUrl(car.image, 384)}
                          srcSet={imageSrcSet(car.image, photoWidths)}
                          sizes="(min-width: 768px) 25vw, 40vw"
                          width={384}
                          height={288}
                          alt={car.title}
                          decoding="async"
                          className="mb-2 aspect-[4/3] w-full rounded object-cover"
                        />
                      ) : (
                        <div className="mb-2 flex aspect-[4/3] w-full items-center justify-center rounded bg-gray-100 text-xs text-gray-600">
                          Photos coming soon
                        </div>
                      )}
                      <SiteLink href={car.details} className="line-clamp-2 font-semibold underline" title={car.title}>
                        {car.title}
                      </SiteLink>
                      <p className="mt-1 text-xl font-bold text-gray-900" data-testid="compare-price">
                        {car.price.text}
                        {car.price.kind === "subscription" ? <span className="text-sm font-normal"> /week subscription</span> : null}
                      </p>
                      {car.priceType ? <p className="text-xs text-gray-600">{car.priceType}</p> : null}
                      <div className="mt-2 grid gap-1">
                        {car.enquire ? (
                          <SiteLink
                            href={car.enquire}
                            className={`${linkClass} bg-brand text-brand-contrast`}
                            aria-label={`${page.enquireLabel} about ${car.title}`}
                          >
                            {page.enquireLabel}
                          </SiteLink>
                        ) : null}
                        <SiteLink href={car.details} className={`${linkClass} ring-1 ring-gray-400`} aria-label={`Details of ${car.title}`}>
                          Details
                        </SiteLink>
                      </div>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {page.rows.map((row) => (
                  <tr key={row.key} className={`border-t border-gray-200 ${row.differs ? "bg-amber-50" : ""}`} data-differs={row.differs}>
                    <th scope="row" className={`${pinned} font-semibold ${row.differs ? "bg-amber-50" : "bg-white"}`}>
                      {row.label}
                      {row.differs ? " " : null}
                      {row.differs ? (
                        <span
                          className="mt-0.5 block w-fit rounded bg-amber-200 px-1.5 text-xs font-semibold text-amber-950"
                          data-testid="compare-differs"
                        >
                          Differs
                        </span>
                      ) : null}
                    </th>
                    {row.values.map((value, index) => (
                      <td key={page.cars[index]?.id ?? index} className={`p-2 align-top sm:p-3 ${row.differs ? "font-semibold" : ""}`}>
                        {value}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {saved ? (
        <p>
          <SiteLink href={page.backHref} className="font-semibold text-brand underline">
            Back to saved cars
          </SiteLink>
        </p>
      ) : null}
    </section>
  );
}
