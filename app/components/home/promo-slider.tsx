import { useEffect, useRef, useState } from "react";
import { imageSrcSet, imageUrl } from "~/server/images/image-url";
import type { Slide } from "~/server/tenants/home-files";
import { useHydrated } from "../vehicle/use-hydrated";
import { SiteLink } from "~/app/components/site-link";

// spec 001 §9: the slider is 540 px high (450 px for one tenant) on a 1920 px wide artwork.
const SLIDE_WIDTHS = [640, 750, 828, 1080, 1200, 1920] as const;
const heights: Record<number, string> = {
  540: "h-[360px] sm:h-[450px] lg:h-[540px]",
  450: "h-[320px] sm:h-[400px] lg:h-[450px]",
};
const AUTOPLAY_MS = 6000;

/**
 * spec 001 §2 promotions slider: each slide's overlay shows its name, description and 'Discover the Range'.
 * Without JS it is a CSS scroll-snap strip (swipe or scroll); with JS it gains arrows and a play button —
 * autoplay is off until the shopper turns it on.
 */
export function PromoSlider({ slides, height }: { slides: Slide[]; height: number }) {
  const hydrated = useHydrated();
  const strip = useRef<HTMLUListElement>(null);
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const count = slides.length;

  const go = (next: number) => {
    const target = (next + count) % count;
    const element = strip.current;
    if (element) element.scrollTo({ left: target * element.clientWidth, behavior: "smooth" });
    setIndex(target);
  };

  useEffect(() => {
    if (!playing || count < 2) return;
    const timer = window.setInterval(() => {
      const element = strip.current;
      if (!element) return;
      const current = Math.round(element.scrollLeft / Math.max(1, element.clientWidth));
      const target = (current + 1) % count;
      element.scrollTo({ left: target * element.clientWidth, behavior: "smooth" });
      setIndex(target);
    }, AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [playing, count]);

  if (count === 0) return null;
  const onScroll = () => {
    const element = strip.current;
    if (element && element.clientWidth > 0) setIndex(Math.round(element.scrollLeft / element.clientWidth));
  };
  const control = "rounded-full bg-white/90 px-3 py-2 font-semibold text-gray-900 shadow hover:bg-white";
  return (
    <section aria-roledescription="carousel" aria-label="Promotions" className="relative -mx-4 sm:mx-0" data-testid="promo-slider">
      <ul
        ref={strip}
        onScroll={hydrated ? onScroll : undefined}
        className={`relative flex snap-x snap-mandatory overflow-x-auto sm:rounded-xl ${heights[height] ?? heights[540]}`}
        aria-live={playing ? "off" : "polite"}
      >
        {slides.map((slide, position) => (
          <li
            key={slide.name}
            className="relative h-full w-full shrink-0 snap-start"
            aria-roledescription="slide"
            aria-label={`${position + 1} of ${count}`}
            data-testid="promo-slide"
          >
            <img
              src={imageUrl(slide.image, 1920)}
              srcSet={imageSrcSet(slide.image, SLIDE_WIDTHS)}
              sizes="(min-width: 1280px) 1248px, 100vw"
              width={1920}
              height={height}
              alt={slide.alt}
              loading={position === 0 ? "eager" : "lazy"}
              {...(position === 0 ? { fetchpriority: "high" } : {})}
              className="h-full w-full object-cover"
            />
            <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/80 via-black/50 to-transparent p-5 pb-14 text-white sm:p-8 sm:pb-16">
              <h2 className="text-2xl font-bold sm:text-4xl">{slide.name}</h2>
              {slide.description ? <p className="mt-1 max-w-xl sm:text-lg">{slide.description}</p> : null}
              <SiteLink
                href={slide.href}
                className="mt-3 inline-block rounded bg-white px-4 py-2 font-semibold text-gray-900 hover:bg-gray-100"
                data-testid="discover-the-range"
              >
                Discover the Range<span className="sr-only">: {slide.name}</span>
              </SiteLink>
            </div>
          </li>
        ))}
      </ul>
      {hydrated && count > 1 ? (
        <div className="absolute bottom-3 right-3 flex gap-2">
          <button type="button" className={control} onClick={() => go(index - 1)} aria-label="Previous promotion" data-testid="slider-prev">
            <span aria-hidden="true">‹</span>
          </button>
          <button
            type="button"
            className={control}
            onClick={() => setPlaying((on) => !on)}
            aria-pressed={playing}
            data-testid="slider-play"
          >
            {playing ? "Pause" : "Play"}
          </button>
          <button type="button" className={control} onClick={() => go(index + 1)} aria-label="Next promotion" data-testid="slider-next">
            <span aria-hidden="true">›</span>
          </button>
        </div>
      ) : null}
    </section>
  );
}
