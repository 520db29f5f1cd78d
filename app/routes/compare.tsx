import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { comparePage, type ComparePage } from "~/server/handlers/garage/compare-page";
import { CompareTable } from "../components/garage/compare-table";

export const loader = ({ request, context }: LoaderFunctionArgs) => comparePage(request, context);
export const meta: MetaFunction = ({ data }) => [
  { title: `Compare ${(data as ComparePage | undefined)?.noun ?? "cars"}` },
  { name: "robots", content: "noindex" },
];

export default function CompareRoute() {
  return <CompareTable page={useLoaderData<ComparePage>()} />;
}
