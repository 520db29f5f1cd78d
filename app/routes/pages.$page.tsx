import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { contentLoader } from "~/server/handlers/content/content-route";
import { ContentView, contentMeta } from "../components/content/content-view";

/** /pages/{slug}: served when the site uses the pages path (flags.use_pages_path), otherwise 301 to /{slug}. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return contentLoader({ request, context });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => contentMeta(data);

export default function ContentRoute() {
  const { view } = useLoaderData<typeof loader>();
  return <ContentView view={view} />;
}
