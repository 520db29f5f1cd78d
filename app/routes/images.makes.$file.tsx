import type { LoaderFunctionArgs } from "@remix-run/node";
import { makeLogoSvg, svgResponse } from "~/server/search/tile-images";

export async function loader({ params }: LoaderFunctionArgs) {
  const file = params.file ?? "";
  return svgResponse(file.endsWith(".svg") ? makeLogoSvg(file.slice(0, -4)) : null);
}
