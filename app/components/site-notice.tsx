import type { SiteNotice as Notice } from "~/server/dashboard/session-data";

/**
 * The dealer's notice from the dashboard (website_session_data), above the header on every page: the
 * text alone, or as a link. A link to another site opens in a new tab (spec 001 §2 link rules).
 */
export function SiteNotice({ notice }: { notice: Notice | null }) {
  if (!notice) return null;
  const external = notice.url?.startsWith("https://") ?? false;
  return (
    <aside aria-label="Notice" className="bg-gray-900 px-4 py-2 text-center text-sm text-white" data-testid="site-notice">
      {notice.url ? (
        <a
          className="underline underline-offset-2"
          href={notice.url}
          {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
        >
          {notice.text}
        </a>
      ) : (
        notice.text
      )}
    </aside>
  );
}
