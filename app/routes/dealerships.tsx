import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { contentLoader } from "~/server/handlers/content/content-route";
import { ContentView, contentMeta } from "../components/content/content-view";

/** The locations page (spec 001 §2 /dealerships): every visible location, grouped sales, service, parts. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return contentLoader({ request, context }, "dealerships");
}

export const meta: MetaFunction<typeof loader> = ({ data }) => contentMeta(data);

export default function DealershipsRoute() {
  const { view } = useLoaderData<typeof loader>();
  return <ContentView view={view} />;
}
