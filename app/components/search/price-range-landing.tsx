import { Link, matchRoutes, PrefetchPageLinks } from "@remix-run/react";
import { memo, useCallback, useEffect, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { formatMoney, formatNumber, type Locale } from "~/server/lib/format";
import { directSearchHref } from "~/server/search/direct-search";
import type { LandingData, PriceLanding } from "~/server/search/landing";
import {
  COUNT_ANIMATION_MS,
  PRICE_SLIDER,
  priceRangeHref,
  priceSliderRange,
  type PriceRange,
  type PriceThumb,
} from "~/server/search/price-slider";

// The slider has settled once it rests this long: then, and only then, the count is fetched and the results prefetched.
const SETTLE_MS = 150;

type Noun = LandingData["noun"];

// Both forms show the two ends of the range the same way, minimum first.
const THUMBS: { thumb: PriceThumb; label: string }[] = [
  { thumb: "min", label: "Minimum" },
  { thumb: "max", label: "Maximum" },
];

/** Counts from the previous number to the new one over 1 second (spec 000 §9). */
function useAnimatedCount(target: number): number {
  const [shown, setShown] = useState(target);
  const from = useRef(target);
  useEffect(() => {
    const start = performance.now();
    const initial = from.current;
    let frame = 0;
    const step = (time: number) => {
      const t = Math.min(1, (time - start) / COUNT_ANIMATION_MS);
      const value = Math.round(initial + (target - initial) * t);
      setShown(value);
      from.current = value;
      if (t < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [target]);
  return shown;
}

/** Only this re-renders on each animation frame, not the link or its prefetch. */
function AnimatedCount({ target, noun, locale }: { target: number; noun: Noun; locale: Locale }) {
  const shown = useAnimatedCount(target);
  return <>{`${formatNumber(shown, locale)} ${shown === 1 ? noun.one : noun.many}`}</>;
}

/** A <Link>, so the results route is discovered and can be prefetched (an <a> never is). */
const ShowMeLink = memo(function ShowMeLink({
  href,
  count,
  noun,
  locale,
  onIntent,
}: {
  href: string;
  count: number;
  noun: Noun;
  locale: Locale;
  onIntent: () => void;
}) {
  return (
    <Link
      to={href}
      onMouseEnter={onIntent}
      onFocus={onIntent}
      onTouchStart={onIntent}
      className="inline-block rounded bg-brand px-5 py-3 text-lg font-bold text-brand-contrast"
      data-testid="price-show-me"
    >
      Show Me <AnimatedCount target={count} noun={noun} locale={locale} />
    </Link>
  );
});

type RemixRouterWindow = Window & { __remixRouter?: { routes: Parameters<typeof matchRoutes>[0] } };

/**
 * Whether the router knows a route for this page yet. Routes are discovered lazily (the show-me
 * <Link> asks for its route once rendered); a slider that settles before that answer arrives (a slow
 * phone, a busy machine) would prefetch a page no route matches, so the prefetch waits for it.
 */
function routeKnown(page: string): boolean {
  const router = typeof window === "undefined" ? undefined : (window as RemixRouterWindow).__remixRouter;
  return router !== undefined && matchRoutes(router.routes, page) !== null;
}

function useRouteKnown(page: string | null): boolean {
  const [discovered, setDiscovered] = useState<string | null>(null);
  const knownNow = page !== null && (discovered === page || routeKnown(page));
  useEffect(() => {
    if (page === null || knownNow) return;
    // Checked again until the discovery answer has added the route (a callback, not the effect, sets state).
    const timer = setInterval(() => {
      if (!routeKnown(page)) return;
      clearInterval(timer);
      setDiscovered(page);
    }, 100);
    return () => clearInterval(timer);
  }, [page, knownNow]);
  return knownNow;
}

const Prefetch = memo(function Prefetch({ page }: { page: string | null }) {
  const known = useRouteKnown(page);
  return page && known ? <PrefetchPageLinks page={page} /> : null;
});

/**
 * The count of the settled range: one request per settled value (remembered), the previous one
 * aborted, and an answer to an older request never replaces a newer one.
 */
function useSettledCount(settledHref: string, initial: { href: string; count: number }): number {
  const counts = useRef(new Map([[initial.href, initial.count]]));
  const [count, setCount] = useState(initial.count);
  const latest = useRef(0);
  useEffect(() => {
    const request = ++latest.current;
    const known = counts.current.get(settledHref);
    if (known !== undefined) {
      setCount(known);
      return;
    }
    const controller = new AbortController();
    fetch(directSearchHref(settledHref, 1), { headers: { Accept: "application/json" }, signal: controller.signal })
      .then((response) => (response.ok ? response.json() : null))
      .then((body: { estimatedTotalHits?: unknown } | null) => {
        if (typeof body?.estimatedTotalHits !== "number") return;
        counts.current.set(settledHref, body.estimatedTotalHits);
        if (request === latest.current) setCount(body.estimatedTotalHits);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [settledHref]);
  return count;
}

function SliderForm({ price, noun, locale }: { price: PriceLanding; noun: Noun; locale: Locale }) {
  const [range, setRange] = useState<PriceRange>(price.range);
  const [settled, setSettled] = useState<PriceRange>(price.range);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(range), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [range]);

  // The text, the thumbs, the link and the count all read this one range (priceSliderRange's rule).
  const href = priceRangeHref(price.results, price.site, range);
  const settledHref = priceRangeHref(price.results, price.site, settled);
  const count = useSettledCount(settledHref, price);

  const prefetched = useRef(new Set<string>());
  const [prefetchHref, setPrefetchHref] = useState<string | null>(null);
  const prefetchOnce = useCallback((page: string) => {
    if (prefetched.current.has(page)) return;
    prefetched.current.add(page);
    setPrefetchHref(page);
  }, []);
  useEffect(() => {
    if (settledHref !== price.href) prefetchOnce(settledHref);
  }, [settledHref, price.href, prefetchOnce]);
  const onIntent = useCallback(() => prefetchOnce(href), [prefetchOnce, href]);

  const move = (thumb: PriceThumb, value: number) => {
    setRange((previous) => (thumb === "min" ? priceSliderRange(value, previous.max, "min") : priceSliderRange(previous.min, value, "max")));
  };
  const money = (value: number) => formatMoney(value, locale);

  return (
    <div className="space-y-4" data-testid="price-slider">
      <p className="text-lg font-semibold" aria-live="polite" data-testid="price-range-text">
        {money(range.min)} – {money(range.max)}
      </p>
      {THUMBS.map(({ thumb, label }) => (
        <label key={thumb} className="block">
          <span className="text-sm font-medium">{`${label} price`}</span>
          <input
            type="range"
            {...PRICE_SLIDER}
            value={range[thumb]}
            aria-valuetext={money(range[thumb])}
            onChange={(event) => move(thumb, Number(event.target.value))}
            className="w-full"
          />
        </label>
      ))}
      <ShowMeLink href={href} count={count} noun={noun} locale={locale} onIntent={onIntent} />
      <Prefetch page={prefetchHref} />
    </div>
  );
}

function PlainForm({ price, noun, locale }: { price: PriceLanding; noun: Noun; locale: Locale }) {
  return (
    <form method="get" action="/search" className="flex flex-wrap items-end gap-3" data-testid="price-form">
      {THUMBS.map(({ thumb, label }) => (
        <label key={thumb} className="text-sm font-medium">
          {`${label} price ($)`}
          <input
            name={`price_${thumb}`}
            type="number"
            {...PRICE_SLIDER}
            defaultValue={price.range[thumb]}
            className="mt-1 block w-40 rounded border border-gray-400 px-2 py-1"
          />
        </label>
      ))}
      <button type="submit" className="rounded bg-brand px-5 py-2 font-bold text-brand-contrast" data-testid="price-show-me">
        Show Me {formatNumber(price.count, locale)} {price.count === 1 ? noun.one : noun.many}
      </button>
    </form>
  );
}

/** The price-range landing: a slider with JavaScript, two number inputs and a submit button without. */
export function PriceRangeLanding({ price, noun, locale }: { price: PriceLanding; noun: Noun; locale: Locale }) {
  const hydrated = useHydrated();
  return (
    <section aria-labelledby="price-title" className="rounded-lg bg-white p-6 shadow-sm">
      <h2 id="price-title" className="mb-3 text-xl font-bold">
        Shop by price
      </h2>
      {hydrated ? <SliderForm price={price} noun={noun} locale={locale} /> : <PlainForm price={price} noun={noun} locale={locale} />}
    </section>
  );
}
