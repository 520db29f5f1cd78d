import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { favouriteAction, type FavouriteReply } from "~/server/handlers/garage/favourite-action";
import { savedCarsPage, type SavedCarsPage } from "~/server/handlers/garage/saved-cars-page";
import { SavedCarsList } from "../components/garage/saved-cars-list";
import { SiteLink } from "~/app/components/site-link";

export const loader = ({ request, context }: LoaderFunctionArgs) => savedCarsPage(request, context);
/** The heart: see favouriteAction. */
export const action = ({ request, context }: ActionFunctionArgs) => favouriteAction(request, context);

export const meta: MetaFunction = () => [{ title: "Saved cars" }, { name: "robots", content: "noindex" }];

export default function SavedCarsRoute() {
  const page = useLoaderData<SavedCarsPage>();
  // Without JavaScript a refused save (the list is full) lands here with the message and a way back.
  const refused = useActionData<FavouriteReply & { back?: string }>();
  return (
    <section className="space-y-4" aria-labelledby="saved-heading">
      <h1 id="saved-heading" className="text-2xl font-bold">
        Saved cars
      </h1>
      {refused?.message ? (
        <p role="alert" className="rounded bg-amber-100 p-3" data-testid="saved-message">
          {refused.message}{" "}
          {refused.back ? (
            <SiteLink href={refused.back} className="font-semibold underline">
              Go back
            </SiteLink>
          ) : null}
        </p>
      ) : null}
      {page.failed ? <p role="status">We couldn&apos;t load your saved cars just now. Please try again in a moment.</p> : null}
      {page.garageHref ? (
        <p>
          <SiteLink href={page.garageHref} className="font-semibold text-brand underline">
            Sign in to your garage
          </SiteLink>{" "}
          to keep your saved cars on every device and get an email when a price drops.
        </p>
      ) : null}
      <SavedCarsList cars={page.cars} alertsAction={null} />
    </section>
  );
}
