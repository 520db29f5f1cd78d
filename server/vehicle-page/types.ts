import type { DealerRating } from "~/server/content/reviews";
import type { VehicleTracking } from "~/server/events/tracking-product";
import type { CardChip } from "~/server/stock/card-chips";
import type { ButtonRank } from "~/server/stock/vehicle-buttons";
import type { OpeningHour, VehicleButton } from "~/server/tenants/schema";
import type { FinanceWords } from "~/server/lib/spelling";

/** What the vehicle page renders: computed in the loader from the stock rules, never re-derived here. */

export type SpecRow = { key: string; label: string; value: string };

export type FinanceView = {
  provider: string;
  payment: { text: string; frequencyLabel: string } | null;
  interestRate: string;
  /** null where lenders don't quote one (US sites). */
  comparisonRate: string | null;
  term: string | null;
  balloon: string | null;
  deposit: string | null;
  disclaimer: string;
  /** The labels in the site's usage (Interest rate / APR, Deposit / Down payment). */
  words: FinanceWords;
};

export type CalculatorField = "price" | "deposit" | "rate" | "term" | "balloon";

export type CalculatorView = {
  values: Record<CalculatorField, string>;
  errors: Partial<Record<CalculatorField, string>>;
  /** The term options in months (calculatorTerms). */
  terms: number[];
  /** Present when the visitor has submitted the form (the result renders server-side). */
  result: { weekly: string; fortnightly: string; monthly: string; principal: string } | null;
};

export type PhoneBoxView = {
  /** The number as shown: masked until revealed when the site hides it. */
  shown: string;
  /** Only once revealed (or never hidden); absent from the page until then. */
  number: string | null;
  telHref: string | null;
  revealable: boolean;
  carId: number;
  seeMoreHref: string;
};

export type LinkButton = {
  id: Exclude<VehicleButton, "dealer_phone_box" | "payment_methods">;
  label: string;
  href: string;
  external: boolean;
};

export type ButtonTarget = { id: "dealer_phone_box" } | { id: "payment_methods"; provider: string } | LinkButton;

export type ButtonView = ButtonTarget & {
  /** Primary (Enquire now), secondary (Call, Book a test drive) or the compact rest. */
  rank: ButtonRank;
};

export type LocationView = {
  name: string;
  address: string;
  mapUrl: string;
  hours: OpeningHour[];
};

export type VehicleCardView = {
  id: number;
  href: string;
  title: string;
  price: string;
  image: string | null;
};

export type VehiclePageView = {
  path: string;
  /** The dealer's rating from its reviews, shown beside the location; null without reviews. */
  rating: DealerRating | null;
  canonical: string;
  title: string;
  metaTitle: string;
  metaDescription: string;
  ogImage: string | null;
  siteName: string;
  carId: number;
  tag: string | null;
  sold: boolean;
  price: { text: string; kind: "subscription" | "price" | "preorder" | "text" };
  wasPrice: string | null;
  priceType: string | null;
  marketIndicator: string | null;
  chips: CardChip[];
  specs: SpecRow[];
  description: string | null;
  images: string[];
  requestPhotosHref: string;
  finance: FinanceView | null;
  calculator: CalculatorView | null;
  buttons: ButtonView[];
  phone: PhoneBoxView;
  location: LocationView;
  certifiedMake: string | null;
  similar: VehicleCardView[];
  similarHeading: string;
  jsonLd: string;
  /** Server-rendered open state of the no-JS dialogs (`?disclaimer=1`, `?certified=1`). */
  open: { disclaimer: boolean; certified: boolean };
  /** Query values the calculator's GET form carries along (the revealed phone). */
  keepQuery: Record<string, string>;
  /** The page-view kind and the data layer's tracking product payload (spec 001 §3). */
  tracking: VehicleTracking;
};

export type VehicleErrorData =
  | { kind: "not_found"; searchHref: string; similar: VehicleCardView[] }
  | { kind: "unavailable"; searchHref: string }
  | { kind: "page_not_found" };

/**
 * The phone-reveal action's JSON answer to the page's fetcher: the dealer's number for the phone
 * box, and the site's numbers the header and footer kept masked until now.
 */
export type RevealResponse = { carId: number; phone: string; telHref: string | null; sitePhone: string; primaryPhone: string };
