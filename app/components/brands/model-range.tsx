import type { RangeModelView } from "~/server/handlers/brands/brand-page";
import { imageUrl } from "~/server/images/image-url";
import { SiteLink } from "~/app/components/site-link";

/** A brand's models, each with image, from-price and in-stock count, linking to its search. */
export function ModelRange({ makeName, models }: { makeName: string; models: RangeModelView[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="model-range">
      {models.map((model) => (
        <li
          key={model.slug}
          className="flex flex-col overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-gray-200"
          data-testid="range-model"
        >
          {model.image ? (
            <img
              src={imageUrl(model.image, 640)}
              alt=""
              width={640}
              height={427}
              loading="lazy"
              className="aspect-[3/2] w-full object-cover"
            />
          ) : (
            <div className="aspect-[3/2] w-full bg-gray-200" aria-hidden="true" />
          )}
          <div className="flex flex-1 flex-col gap-1 p-4">
            <h2 className="text-lg font-bold">
              <SiteLink href={model.pageHref} className="underline decoration-brand underline-offset-2">
                {`${makeName} ${model.name}`}
              </SiteLink>
            </h2>
            {model.fromPriceText ? <p data-testid="from-price">{`From ${model.fromPriceText}`}</p> : null}
            <p>
              <SiteLink href={model.searchHref} className="font-semibold text-brand underline" data-testid="in-stock">
                {model.inStock === 1 ? "1 in stock" : `${model.inStock} in stock`}
              </SiteLink>
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
