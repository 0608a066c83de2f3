/** Previous / next for a server-paged staff list: "Page 2 of 7", each button disabled at its end. */
export default function Pager({ label, page, pages, onPage }: { label: string; page: number; pages: number; onPage: (page: number) => void }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-3 flex items-center gap-2">
      <button type="button" className="btn btn-outline px-3 text-sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>Previous</button>
      <span className="text-sm">Page {page} of {pages}</span>
      <button type="button" className="btn btn-outline px-3 text-sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>Next</button>
    </nav>
  );
}
