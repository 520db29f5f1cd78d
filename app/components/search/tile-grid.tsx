import type { Tile } from "~/server/search/tiles";
import { encodeBrackets } from "~/server/seo/canonical";
import { formatCount } from "~/server/lib/format";
import { SiteLink } from "~/app/components/site-link";
import { TitledSection } from "~/app/components/titled-section";

export function TileGrid({ title, tiles, testId }: { title: string; tiles: Tile[]; testId: string }) {
  if (tiles.length === 0) return null;
  return (
    <TitledSection titleId={`${testId}-title`} title={title} testId={testId}>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-6">
        {tiles.map((tile) => (
          <li key={tile.href}>
            <SiteLink
              href={encodeBrackets(tile.href)}
              className="flex h-full flex-col items-center gap-2 rounded-lg bg-white p-3 text-center shadow-sm ring-1 ring-gray-200 hover:ring-brand"
              data-testid="tile"
            >
              {tile.image ? (
                <img src={tile.image} alt="" width={80} height={64} className="h-16 w-20 object-contain" loading="lazy" />
              ) : null}
              <span className="font-semibold">{tile.label}</span>
              <span className="text-sm text-gray-700">{formatCount(tile.count)}</span>
            </SiteLink>
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}
