import { useRef, useState, type KeyboardEvent } from "react";
import { imageSrcSet, imageUrl } from "~/server/images/image-url";
import { useHydrated } from "./use-hydrated";
import { countOf } from "~/server/lib/plural";

// spec 001 §9 device sizes up to 1920.
export const GALLERY_WIDTHS = [640, 750, 828, 1080, 1200, 1920] as const;
// The photo column: full width on phones, two thirds of the 1280px page on large screens.
const SIZES = "(min-width: 1280px) 832px, (min-width: 1024px) 66vw, 100vw";
// Explicit dimensions (3:2) so the page does not shift while photos load.
const WIDTH = 1200;
const HEIGHT = 800;

type GalleryProps = {
  images: string[];
  title: string;
  tag: string | null;
  requestPhotosHref: string;
};

function TagBanner({ tag }: { tag: string | null }) {
  if (tag === null) return null;
  return (
    <p
      className="absolute left-0 top-3 z-10 rounded-r bg-brand px-3 py-1 text-sm font-bold uppercase text-brand-contrast shadow"
      data-testid="vehicle-tag"
    >
      {tag}
    </p>
  );
}

/** spec 000 §2: a vehicle with no photo shows a 'new arrival' placeholder with a 'Request Photos' link. */
function NewArrival({ title, requestPhotosHref }: { title: string; requestPhotosHref: string }) {
  return (
    <div
      className="flex aspect-[3/2] w-full flex-col items-center justify-center gap-3 rounded-lg bg-gray-200 p-6 text-center"
      data-testid="vehicle-no-photos"
    >
      <svg aria-hidden="true" viewBox="0 0 64 40" className="h-16 w-24 text-gray-500" fill="currentColor">
        <path d="M8 28 L12 16 Q14 11 20 11 L44 11 Q50 11 52 16 L56 28 L60 29 L60 34 L4 34 L4 29 Z" />
        <circle cx="16" cy="34" r="5" fill="#4b5563" />
        <circle cx="48" cy="34" r="5" fill="#4b5563" />
      </svg>
      <p className="text-xl font-bold uppercase tracking-wide text-gray-800">New arrival</p>
      <p className="text-gray-700">Photos of this {title} are coming soon.</p>
      <a
        href={requestPhotosHref}
        className="rounded bg-brand px-4 py-2 font-semibold text-brand-contrast underline-offset-2 hover:underline"
      >
        Request Photos
      </a>
    </div>
  );
}

// Thumbnails are drawn 96 × 64 CSS px; 256 covers them on 2× and 3× screens.
const THUMB_WIDTH = 256;

/**
 * A strip of every photo under the gallery. Without JS each is a link to its photo
 * (#photo-N scrolls the strip there); with JS a button that moves the carousel, marked when current.
 */
function Thumbnails({
  images,
  title,
  current,
  onPick,
}: {
  images: string[];
  title: string;
  current: number | null;
  onPick: (index: number) => void;
}) {
  const count = images.length;
  return (
    <ul className="mt-2 flex gap-2 overflow-x-auto pb-1" aria-label="All photos" data-testid="gallery-thumbnails">
      {images.map((src, position) => {
        const label = `Photo ${position + 1} of ${count}`;
        const className = `block shrink-0 overflow-hidden rounded border-2 ${position === current ? "border-brand" : "border-transparent"}`;
        const thumb = (
          <img
            src={imageUrl(src, THUMB_WIDTH)}
            width={96}
            height={64}
            alt=""
            loading="lazy"
            decoding="async"
            className="h-16 w-24 object-cover"
          />
        );
        return (
          <li key={`${position}-${src}`}>
            {current === null ? (
              <a href={`#photo-${position + 1}`} className={className} aria-label={`${label}, ${title}`} data-testid="gallery-thumbnail">
                {thumb}
              </a>
            ) : (
              <button
                type="button"
                onClick={() => onPick(position)}
                aria-label={label}
                aria-current={position === current ? "true" : undefined}
                aria-controls="vehicle-photos"
                className={className}
                data-testid="gallery-thumbnail"
              >
                {thumb}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Without JS: a scroll-snap strip of photos (swipe or scroll, keyboard-scrollable). With JS: a
 * carousel with labelled previous/next buttons, arrow keys and an announced position ("3 of 12").
 * The first photo is the page's LCP element: eager, high priority, fixed size; the rest lazy.
 */
export function Gallery({ images, title, tag, requestPhotosHref }: GalleryProps) {
  const hydrated = useHydrated();
  const strip = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  // The photo a button or key is scrolling to; scroll events on the way there are not positions.
  const scrollingTo = useRef<number | null>(null);
  const count = images.length;

  if (count === 0) {
    return (
      <div className="relative">
        <TagBanner tag={tag} />
        <NewArrival title={title} requestPhotosHref={requestPhotosHref} />
      </div>
    );
  }

  const go = (next: number) => {
    const target = Math.max(0, Math.min(count - 1, next));
    const element = strip.current;
    scrollingTo.current = target;
    if (element) element.scrollTo({ left: target * element.clientWidth, behavior: "smooth" });
    setIndex(target);
  };
  const onScroll = () => {
    const element = strip.current;
    if (!element || element.clientWidth === 0) return;
    const exact = element.scrollLeft / element.clientWidth;
    const pending = scrollingTo.current;
    if (pending !== null) {
      if (Math.abs(exact - pending) < 0.05) scrollingTo.current = null;
      return;
    }
    setIndex(Math.max(0, Math.min(count - 1, Math.round(exact))));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: count - 1 };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    go(next);
  };

  return (
    <section aria-roledescription="carousel" aria-label={`Photos of ${title}`} className="relative" data-testid="vehicle-gallery">
      <TagBanner tag={tag} />
      {/* A scrollable region must be focusable so keyboard users can scroll it (axe: scrollable-region-focusable). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <div
        ref={strip}
        id="vehicle-photos"
        role="region"
        aria-label={hydrated ? "Photos, use the arrow keys to move between them" : "Photos, scroll sideways for more"}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- see above: keyboard scrolling
        tabIndex={0}
        onScroll={hydrated ? onScroll : undefined}
        onKeyDown={hydrated ? onKeyDown : undefined}
        // A swipe or wheel takes over from a button's scroll: positions count again.
        onPointerDown={() => (scrollingTo.current = null)}
        onWheel={() => (scrollingTo.current = null)}
        className="flex snap-x snap-mandatory overflow-x-auto rounded-lg bg-gray-100 focus:outline-none focus-visible:ring-4 focus-visible:ring-brand"
      >
        <ul className="flex w-full">
          {images.map((src, position) => (
            <li
              key={`${position}-${src}`}
              id={`photo-${position + 1}`}
              className="w-full shrink-0 snap-center"
              aria-roledescription="slide"
              aria-label={`${position + 1} of ${count}`}
              data-testid="vehicle-photo"
            >
              <img
                src={imageUrl(src, WIDTH)}
                srcSet={imageSrcSet(src, GALLERY_WIDTHS)}
                sizes={SIZES}
                width={WIDTH}
                height={HEIGHT}
                alt={`${title}, ${position + 1} of ${count}`}
                loading={position === 0 ? "eager" : "lazy"}
                decoding={position === 0 ? "sync" : "async"}
                // React 18 knows no fetchPriority prop, so the lowercase attribute is passed through.
                {...(position === 0 ? { fetchpriority: "high" } : {})}
                className="aspect-[3/2] h-auto w-full object-cover"
              />
            </li>
          ))}
        </ul>
      </div>
      <div className="mt-2 flex min-h-9 items-center justify-between gap-4">
        {hydrated && count > 1 ? (
          <button
            type="button"
            onClick={() => go(index - 1)}
            disabled={index === 0}
            aria-controls="vehicle-photos"
            className="rounded border border-gray-400 bg-white px-3 py-1 font-semibold disabled:opacity-40"
            data-testid="gallery-prev"
          >
            {/* The name ('Prev photo') starts with the visible label (WCAG 2.5.3). */}
            <span aria-hidden="true">‹ </span>Prev<span className="sr-only"> photo</span>
          </button>
        ) : null}
        <p aria-live="polite" aria-atomic="true" className="text-sm text-gray-700" data-testid="gallery-position">
          {hydrated ? `${index + 1} of ${count}` : countOf(count, "photo")}
        </p>
        {hydrated && count > 1 ? (
          <button
            type="button"
            onClick={() => go(index + 1)}
            disabled={index === count - 1}
            aria-controls="vehicle-photos"
            className="rounded border border-gray-400 bg-white px-3 py-1 font-semibold disabled:opacity-40"
            data-testid="gallery-next"
          >
            Next<span className="sr-only"> photo</span>
            <span aria-hidden="true"> ›</span>
          </button>
        ) : null}
      </div>
      {count > 1 ? <Thumbnails images={images} title={title} current={hydrated ? index : null} onPick={go} /> : null}
    </section>
  );
}
