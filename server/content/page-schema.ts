import { z } from "~/server/lib/zod";

/** A content page slug (also the file name): lowercase words and hyphens, so a slug can never name another folder. */
export const PAGE_SLUG = /^[a-z0-9][a-z0-9-]{0,80}$/;

// Where a content link may point: a path on this site, a secure external page, or a phone or email link.
const linkUrl = z
  .string()
  .min(1)
  .refine((url) => (url.startsWith("/") && !url.startsWith("//")) || /^(https:\/\/|tel:|mailto:)/.test(url), {
    message: "expected a site path (/...), https://, tel: or mailto: link",
  });

export const contentLinkSchema = z.object({ label: z.string().min(1).max(120), url: linkUrl });

export const contentSectionSchema = z.object({
  heading: z.string().min(1).max(160).optional(),
  paragraphs: z.array(z.string().min(1).max(2000)).max(20),
  links: z.array(contentLinkSchema).max(12).optional(),
});

/** tenants/<slug>/pages/<page>.json */
export const contentPageSchema = z.object({
  title: z.string().min(1).max(160),
  description: z.string().min(1).max(320),
  sections: z.array(contentSectionSchema).min(1).max(30),
});

export type ContentLink = z.infer<typeof contentLinkSchema>;
export type ContentSection = z.infer<typeof contentSectionSchema>;
export type ContentPage = z.infer<typeof contentPageSchema>;
