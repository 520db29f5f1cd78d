/**
 * Placeholder vehicle photos for the demo stock (`/demo-images/<make-slug>-<body>-<n>.svg`):
 * drawn, never fetched, so the demo runs offline and every image is the same on every machine.
 */

// `<make>-<body>-<n>` or `<make>-<body>-<n>-<colour>`: the photo number anchors the parse.
const NAME = /^([a-z0-9-]+)-([a-zA-Z0-9]+)-([1-3])(?:-([a-z-]+))?$/;

// The car is painted the listing's colour (the generator's colour names, slugged).
const paintByColour: Record<string, string> = {
  white: "#f2f2f0",
  silver: "#b8bcc2",
  black: "#1f2023",
  grey: "#6b6f75",
  blue: "#2456a6",
  red: "#b3202a",
  graphite: "#3d4045",
  bronze: "#8c6239",
  green: "#2e7d4f",
  orange: "#e0701f",
  "sandy-taupe": "#b59f83",
  "eclipse-black": "#16171a",
  "merlin-blue": "#3b6ea5",
  "white-with-grey-stripe": "#eeeeec",
  charcoal: "#36393d",
};

/** The demo photo's name for a listing: its make, body, colour and the photo's gallery position (1-based). */
export function demoImageName(makeSlug: string, body: string, colour: string | null, position: number): string {
  const colourSlug = (colour ?? "")
    .toLowerCase()
    .replace(/[^a-z]+/g, "-")
    .replace(/^-|-$/g, "");
  return `${makeSlug}-${body}-${position}${colourSlug ? `-${colourSlug}` : ""}`;
}

type Family =
  "sedan" | "hatch" | "suv" | "ute" | "van" | "bus" | "coupe" | "convertible" | "truck" | "motorcycle" | "caravan" | "motorhome";

const familyByBody: Record<string, Family> = {
  sedan: "sedan",
  wagon: "suv",
  stationWagon: "suv",
  hatch: "hatch",
  hatchback: "hatch",
  suv: "suv",
  "4x4": "suv",
  hardtop: "suv",
  softtop: "suv",
  peopleMover: "van",
  ute: "ute",
  cabChassis: "ute",
  van: "van",
  bus: "bus",
  coupe: "coupe",
  convertible: "convertible",
  lightTruck: "truck",
  motorhome: "motorhome",
  caravan: "caravan",
  camperTrailer: "caravan",
  naked: "motorcycle",
  sport: "motorcycle",
  cruiser: "motorcycle",
  adventure: "motorcycle",
  touring: "motorcycle",
  motocross: "motorcycle",
  scooter: "motorcycle",
};

const hyphenatedMakes = new Set(["harley-davidson", "mercedes-benz", "rolls-royce"]);

function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) value = Math.imul(value ^ text.charCodeAt(i), 0x01000193);
  return value >>> 0;
}

function hslToHex(hue: number, saturation: number, lightness: number): string {
  const s = saturation / 100;
  const l = lightness / 100;
  const channel = (n: number): string => {
    const k = (n + hue / 30) % 12;
    const value = l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

function makeLabel(slug: string): string {
  return (hyphenatedMakes.has(slug) ? slug : slug.replace(/-/g, " ")).toUpperCase();
}

const wheel = (x: number, y: number, r: number): string =>
  `<circle cx="${x}" cy="${y}" r="${r}" fill="#1d1d1f"/><circle cx="${x}" cy="${y}" r="${Math.round(r * 0.5)}" fill="#c9ccd1"/>`;

type Profile = {
  noseY: number;
  hoodEnd: number;
  hoodY: number;
  roofFront: number;
  roofBack: number;
  roofY: number;
  deckStart: number;
  deckY: number;
  front: number;
  back: number;
};

/** A side view: nose on the left, the roof line, the tail on the right. */
function carShape(p: Profile, paint: string, wheelX: [number, number]): string {
  const bottom = 560;
  const body = `M${p.front},${bottom} L${p.front},${p.noseY} Q${p.front + 10},${p.hoodY} ${p.hoodEnd},${p.hoodY} L${p.roofFront},${p.roofY} L${p.roofBack},${p.roofY} L${p.deckStart},${p.deckY} L${p.back - 20},${p.deckY} Q${p.back},${p.deckY + 10} ${p.back},${p.deckY + 60} L${p.back},${bottom} Z`;
  const beltY = p.hoodY - 6;
  // the rear glass follows a sloping tail down to the belt line, or stops short of an upright one
  const rearX =
    p.deckY > beltY ? p.roofBack + ((p.deckStart - p.roofBack) * (beltY - p.roofY)) / (p.deckY - p.roofY) - 30 : p.roofBack + 10;
  const glass = `M${p.hoodEnd + 40},${beltY} L${p.roofFront + 12},${p.roofY + 16} L${p.roofBack - 8},${p.roofY + 16} L${Math.round(rearX)},${beltY} Z`;
  return `<path d="${body}" fill="${paint}"/><path d="${glass}" fill="#dfe8f0" opacity="0.85"/>${wheel(wheelX[0], bottom, 68)}${wheel(wheelX[1], bottom, 68)}`;
}

function silhouette(family: Family, paint: string): string {
  switch (family) {
    case "sedan":
      return carShape(
        {
          front: 150,
          back: 1050,
          noseY: 480,
          hoodEnd: 420,
          hoodY: 430,
          roofFront: 540,
          roofBack: 780,
          roofY: 320,
          deckStart: 900,
          deckY: 430,
        },
        paint,
        [330, 870],
      );
    case "coupe":
      return carShape(
        {
          front: 160,
          back: 1040,
          noseY: 490,
          hoodEnd: 450,
          hoodY: 445,
          roofFront: 580,
          roofBack: 740,
          roofY: 345,
          deckStart: 930,
          deckY: 440,
        },
        paint,
        [340, 860],
      );
    case "convertible":
      return carShape(
        {
          front: 160,
          back: 1040,
          noseY: 490,
          hoodEnd: 450,
          hoodY: 445,
          roofFront: 560,
          roofBack: 600,
          roofY: 370,
          deckStart: 640,
          deckY: 440,
        },
        paint,
        [340, 860],
      );
    case "hatch":
      return carShape(
        {
          front: 210,
          back: 990,
          noseY: 480,
          hoodEnd: 430,
          hoodY: 435,
          roofFront: 540,
          roofBack: 880,
          roofY: 315,
          deckStart: 975,
          deckY: 380,
        },
        paint,
        [370, 840],
      );
    case "suv":
      return carShape(
        {
          front: 150,
          back: 1050,
          noseY: 450,
          hoodEnd: 400,
          hoodY: 410,
          roofFront: 500,
          roofBack: 1000,
          roofY: 280,
          deckStart: 1040,
          deckY: 300,
        },
        paint,
        [330, 870],
      );
    case "ute":
      return `${carShape({ front: 140, back: 1060, noseY: 450, hoodEnd: 390, hoodY: 405, roofFront: 480, roofBack: 680, roofY: 285, deckStart: 700, deckY: 420 }, paint, [320, 880])}<rect x="700" y="404" width="360" height="16" fill="#000" opacity="0.2"/>`;
    case "van":
      return carShape(
        {
          front: 150,
          back: 1060,
          noseY: 440,
          hoodEnd: 260,
          hoodY: 400,
          roofFront: 380,
          roofBack: 1040,
          roofY: 250,
          deckStart: 1060,
          deckY: 260,
        },
        paint,
        [320, 900],
      );
    case "bus":
      return `<rect x="130" y="220" width="940" height="340" rx="36" fill="${paint}"/>${[0, 1, 2, 3, 4, 5].map((i) => `<rect x="${200 + i * 140}" y="260" width="110" height="100" rx="12" fill="#dfe8f0" opacity="0.85"/>`).join("")}${wheel(300, 560, 66)}${wheel(900, 560, 66)}`;
    case "truck":
      return `<path d="M130,560 L130,330 Q140,250 230,250 L400,250 L400,560 Z" fill="${paint}"/><rect x="170" y="280" width="190" height="110" rx="14" fill="#dfe8f0" opacity="0.85"/><rect x="420" y="200" width="650" height="330" rx="10" fill="#eef0f3"/><rect x="400" y="520" width="670" height="40" fill="#3a3a3c"/>${wheel(290, 560, 66)}${wheel(920, 560, 66)}`;
    case "motorhome":
      return `<path d="M130,560 L130,440 Q150,380 260,370 L330,300 L330,560 Z" fill="${paint}"/><rect x="300" y="190" width="780" height="370" rx="40" fill="#f4f5f7"/><rect x="300" y="430" width="780" height="26" fill="${paint}"/><rect x="420" y="250" width="160" height="90" rx="12" fill="#dfe8f0"/><rect x="760" y="250" width="220" height="90" rx="12" fill="#dfe8f0"/>${wheel(300, 560, 64)}${wheel(920, 560, 64)}`;
    case "caravan":
      return `<path d="M120,500 L330,500" stroke="#3a3a3c" stroke-width="16" stroke-linecap="round"/><rect x="300" y="220" width="760" height="310" rx="60" fill="#f4f5f7"/><rect x="300" y="420" width="760" height="28" fill="${paint}"/><rect x="400" y="280" width="200" height="90" rx="14" fill="#dfe8f0"/><rect x="820" y="270" width="90" height="180" rx="10" fill="#cfd3d8"/>${wheel(690, 560, 60)}`;
    case "motorcycle":
      return `${wheel(330, 560, 110)}${wheel(870, 560, 110)}<path d="M330,560 L520,400 L720,400 L870,560" stroke="#3a3a3c" stroke-width="26" fill="none" stroke-linejoin="round"/><path d="M470,400 Q520,300 640,310 L760,340 Q800,360 780,400 Z" fill="${paint}"/><path d="M640,330 L760,300" stroke="#1d1d1f" stroke-width="30" stroke-linecap="round"/><path d="M470,360 L420,260 L370,250" stroke="#3a3a3c" stroke-width="18" fill="none" stroke-linecap="round"/>`;
  }
}

/**
 * The demo photo for `toyota-suv-2` (or `toyota-suv-2-red`), or null when the name is not a demo image name.
 * Its words sit bottom right: the card's tag banner (top left), location overlay (bottom left) and save
 * button (top right) never cover them.
 */
export function renderDemoImageSvg(name: string): string | null {
  const match = NAME.exec(name);
  if (!match) return null;
  const [, make, body, variant, colour] = match;
  const n = Number(variant);
  const hue = hash(make) % 360;
  const skyTop = hslToHex(hue, 45, 22 + n * 4);
  const skyBottom = hslToHex((hue + 25 + n * 20) % 360, 55, 58);
  const paint = (colour && paintByColour[colour]) || hslToHex((hue + 180 + n * 40) % 360, 60, 45);
  const family = familyByBody[body] ?? "sedan";
  const label = makeLabel(make);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 800" width="1200" height="800" role="img" aria-label="${label} ${body}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="${n === 2 ? 1 : 0}" y2="1"><stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="${skyBottom}"/></linearGradient></defs>
<rect width="1200" height="800" fill="url(#sky)"/>
<rect y="600" width="1200" height="200" fill="#000" opacity="0.18"/>
<ellipse cx="600" cy="632" rx="520" ry="34" fill="#000" opacity="0.25"/>
${silhouette(family, paint)}
<text x="1150" y="712" text-anchor="end" font-family="Helvetica, Arial, sans-serif" font-size="56" font-weight="700" fill="#ffffff" opacity="0.92">${label}</text>
<text x="1150" y="760" text-anchor="end" font-family="Helvetica, Arial, sans-serif" font-size="30" fill="#ffffff" opacity="0.8">Demo photo ${n} of 3</text>
</svg>`;
}
