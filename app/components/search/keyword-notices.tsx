/** What the keyword box could not find on this site, said instead of a silent empty result. */
export function KeywordNotices({ notices }: { notices: readonly string[] }) {
  if (notices.length === 0) return null;
  return (
    <div role="status" className="rounded border border-amber-300 bg-amber-50 p-3" data-testid="keyword-notices">
      {notices.map((notice) => (
        <p key={notice}>{notice}</p>
      ))}
    </div>
  );
}
