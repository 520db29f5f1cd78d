import sharp from "sharp";
import type { RequestedFormat } from "./format";
import type { ImageCrop } from "./params";
import { encode, type RenderedImage } from "./transform";

/** A neutral 4:3 "image unavailable" picture: a framed landscape icon crossed out, and the words. */
const PLACEHOLDER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" width="400" height="300">
<rect width="400" height="300" fill="#e5e7eb"/>
<g fill="none" stroke="#9ca3af" stroke-width="8" stroke-linejoin="round">
<rect x="150" y="90" width="100" height="76" rx="8"/>
<path d="M158 156 L186 126 L206 146 L220 132 L242 156"/>
</g>
<circle cx="222" cy="110" r="8" fill="#9ca3af"/>
<path d="M140 176 L260 80" stroke="#9ca3af" stroke-width="8" stroke-linecap="round"/>
<text x="200" y="214" text-anchor="middle" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="20" fill="#6b7280">Image unavailable</text>
</svg>`;

/** The placeholder at the requested width, in the negotiated format (PNG when the client takes neither AVIF nor WebP). */
export async function placeholderImage(width: number, requested: RequestedFormat, crop: ImageCrop | null = null): Promise<RenderedImage> {
  const format = requested === "original" ? "png" : requested;
  const density = Math.max(72, Math.ceil((72 * width) / 400));
  const pipeline = sharp(Buffer.from(PLACEHOLDER_SVG), { density }).resize(
    crop === null ? { width } : { width, height: crop.height, fit: "contain", background: "#e5e7eb" },
  );
  // Flat colours: the fastest AVIF effort costs nothing visible, and placeholders are never cached on disk.
  return { bytes: await encode(pipeline, format, 60, 0).toBuffer(), format };
}
