import { PrefetchPageLinks } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { LandingData } from "../../../server/search/landing";
import { COUNT_ANIMATION_MS, PRICE_SLIDER } from "../../../server/search/price-slider";
import { useHydrated } from "remix-utils/use-hydrated";
import { useDebouncedCallback } from "../../lib/use-debounced-callback";

function formatDollars(n: number): string {
  return `$${n.toLocaleString("en-AU")}`;
}

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

function rangeHref(base: string, min: number, max: number): string {
  const url = new URL(base, "http://x");
  url.searchParams.set("range[price]", `${min}:${max}`);
  return `${url.pathname}${url.search.replace(/%5B/g, "[").replace(/%5D/g, "]").replace(/%3A/g, ":")}`;
}

function SliderForm({ price, noun }: Pick<LandingData, "price" | "noun">) {
  const [min, setMin] = useState(price.range.min);
  const [max, setMax] = useState(price.range.max);
  const [count, setCount] = useState(price.count);
  const animated = useAnimatedCount(count);
  const href = rangeHref(price.href, min, max);
  const refresh = useDebouncedCallback(() => {
    const api = rangeHref(price.apiPath, min, max);
    fetch(api, { headers: { Accept: "application/json" } })
      .then((response) => (response.ok ? response.json() : null))
      .then((body: { estimatedTotalHits?: number } | null) => {
        if (body && typeof body.estimatedTotalHits === "number") setCount(body.estimatedTotalHits);
      })
      .catch(() => undefined);
  }, 150);
  useEffect(refresh, [min, max, refresh]);
  return (
    <div className="space-y-4" data-testid="price-slider">
      <p className="text-lg font-semibold" aria-live="polite" data-testid="price-range-text">
        {formatDollars(min)} – {formatDollars(max)}
      </p>
      <label className="block">
        <span className="text-sm font-medium">Minimum price</span>
        <input
          type="range"
          min={PRICE_SLIDER.min}
          max={PRICE_SLIDER.max}
          step={PRICE_SLIDER.step}
          value={min}
          onChange={(e) => setMin(Math.min(Number(e.target.value), max - 1))}
          className="w-full"
        />
      </label>
      <label className="block">
        <span className="text-sm font-medium">Maximum price</span>
        <input
          type="range"
          min={PRICE_SLIDER.min}
          max={PRICE_SLIDER.max}
          step={PRICE_SLIDER.step}
          value={max}
          onChange={(e) => setMax(Math.max(Number(e.target.value), min + 1))}
          className="w-full"
        />
      </label>
      <a href={href} className="inline-block rounded bg-brand px-5 py-3 text-lg font-bold text-brand-contrast" data-testid="price-show-me">
        Show Me {animated.toLocaleString("en-AU")} {animated === 1 ? noun.one : noun.many}
      </a>
      <PrefetchPageLinks page={href} />
    </div>
  );
}

function PlainForm({ price, noun }: Pick<LandingData, "price" | "noun">) {
  return (
    <form method="get" action="/search" className="flex flex-wrap items-end gap-3" data-testid="price-form">
      <label className="text-sm font-medium">
        Minimum price ($)
        <input name="price_min" type="number" min={PRICE_SLIDER.min} max={PRICE_SLIDER.max} step={PRICE_SLIDER.step} defaultValue={price.range.min} className="mt-1 block w-40 rounded border border-gray-400 px-2 py-1" />
      </label>
      <label className="text-sm font-medium">
        Maximum price ($)
        <input name="price_max" type="number" min={PRICE_SLIDER.min} max={PRICE_SLIDER.max} step={PRICE_SLIDER.step} defaultValue={price.range.max} className="mt-1 block w-40 rounded border border-gray-400 px-2 py-1" />
      </label>
      <button type="submit" className="rounded bg-brand px-5 py-2 font-bold text-brand-contrast" data-testid="price-show-me">
        Show Me {price.count.toLocaleString("en-AU")} {price.count === 1 ? noun.one : noun.many}
      </button>
    </form>
  );
}

/** The price-range landing: a slider with JavaScript, two number inputs and a submit button without. */
export function PriceRangeLanding({ price, noun }: Pick<LandingData, "price" | "noun">) {
  const hydrated = useHydrated();
  return (
    <section aria-labelledby="price-title" className="rounded-lg bg-white p-6 shadow-sm">
      <h2 id="price-title" className="mb-3 text-xl font-bold">
        Shop by price
      </h2>
      {hydrated ? <SliderForm price={price} noun={noun} /> : <PlainForm price={price} noun={noun} />}
    </section>
  );
}
