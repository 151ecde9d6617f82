import { pageItems } from "./pages";

/** Page numbers under a list (SPEC §9); the current page is marked for screen readers. */
export function Pagination({
  current,
  total,
  onChange,
  label = "Pages",
}: {
  current: number;
  total: number;
  onChange: (page: number) => void;
  /** What the pages are of, when a screen has more than one list ("Invoice pages"). */
  label?: string;
}) {
  if (total <= 1) return null;
  return (
    <nav className="pagination" aria-label={label}>
      <button
        type="button"
        className="page-button"
        disabled={current <= 1}
        onClick={() => onChange(current - 1)}
      >
        Previous
      </button>
      {pageItems(current, total).map((page, index) =>
        page === null ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity but its place
          <span key={`gap-${index}`} className="page-gap" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={page}
            type="button"
            className="page-button"
            aria-current={page === current ? "page" : undefined}
            aria-label={`Page ${page}`}
            onClick={() => onChange(page)}
          >
            {page}
          </button>
        ),
      )}
      <button
        type="button"
        className="page-button"
        disabled={current >= total}
        onClick={() => onChange(current + 1)}
      >
        Next
      </button>
    </nav>
  );
}
