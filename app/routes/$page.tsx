import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { contentLoader } from "~/server/handlers/content/content-route";
import { ContentView, contentMeta } from "../components/content/content-view";

/** Any single-segment path no other route claims: a content page, a built-in page (/about-us, /privacy-policy), an alias redirect or a 404. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return contentLoader({ request, context });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => contentMeta(data);

export default function ContentRoute() {
  const { view } = useLoaderData<typeof loader>();
  return <ContentView view={view} />;
}
