import { makeBySlug } from "./makes";
import { bodyTypeLabel, bodyTypes } from "~/server/stock/body-type";

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function hue(text: string): number {
  let h = 0;
  for (const c of text) h = (h * 31 + c.charCodeAt(0)) % 360;
  return h;
}

/**
 * A brand badge for a known make (spec 000 §2: make tiles show the brand logo). Real logos are
 * trademarks we can't ship; a lettermark in a stable colour stands in for them.
 */
export function makeLogoSvg(slug: string): string | null {
  const make = makeBySlug(slug);
  if (!make) return null;
  const initials = make.name
    .split(/[\s-]+/)
    .map((w) => w.charAt(0))
    .join("")
    .slice(0, 3)
    .toUpperCase();
  const h = hue(make.slug);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 160" role="img" aria-label="${escapeXml(make.name)}"><circle cx="80" cy="80" r="76" fill="hsl(${h} 55% 30%)"/><circle cx="80" cy="80" r="66" fill="none" stroke="#fff" stroke-width="4"/><text x="80" y="96" text-anchor="middle" font-family="Arial, sans-serif" font-weight="700" font-size="${initials.length > 2 ? 40 : 52}" fill="#fff">${escapeXml(initials)}</text></svg>`;
}

const silhouettes: Record<string, string> = {
  tall: "M20 110 L30 60 L60 45 L140 45 L165 70 L180 75 L180 110 Z",
  low: "M15 110 L25 85 L65 62 L125 62 L160 82 L185 88 L185 110 Z",
  long: "M10 110 L10 40 L175 40 L190 70 L190 110 Z",
  ute: "M15 110 L15 70 L45 48 L95 48 L100 75 L190 75 L190 110 Z",
};

function silhouetteFor(body: string): string {
  if (["bus", "van", "motorhome", "lightTruck", "peopleMover", "cabChassis"].includes(body)) return silhouettes.long!;
  if (body === "ute") return silhouettes.ute!;
  if (["sedan", "coupe", "convertible", "hatch", "hatchback", "softtop", "hardtop"].includes(body)) return silhouettes.low!;
  return silhouettes.tall!;
}

/** The picture of one of the spec's 18 body types (spec 000 §3 "Body types with images"). */
export function bodyTypeSvg(key: string): string | null {
  const body = bodyTypes.find((candidate) => candidate === key);
  if (!body) return null;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 140" role="img" aria-label="${escapeXml(bodyTypeLabel(body))}"><rect width="200" height="140" rx="12" fill="#eef2f7"/><path d="${silhouetteFor(body)}" fill="#334155"/><circle cx="55" cy="112" r="15" fill="#0f172a"/><circle cx="150" cy="112" r="15" fill="#0f172a"/><circle cx="55" cy="112" r="6" fill="#cbd5e1"/><circle cx="150" cy="112" r="6" fill="#cbd5e1"/></svg>`;
}

export function svgResponse(svg: string | null): Response {
  if (!svg) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(svg, {
    headers: {
      "Content-Type": "image/svg+xml",
      "Cache-Control": "public, max-age=86400",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
