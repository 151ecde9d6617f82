import type { ReactNode } from "react";

/** A message in the page: information, success, a warning, or an error (read out at once). */
export function Notice({
  tone = "info",
  title,
  children,
}: {
  tone?: "info" | "success" | "warning" | "error";
  title?: string;
  children?: ReactNode;
}) {
  return (
    <div className={`notice notice-${tone}`} role={tone === "error" ? "alert" : "status"}>
      {title ? <p className="notice-title">{title}</p> : null}
      {children}
    </div>
  );
}

/** What a list shows when it has nothing yet, and what to do about it. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty-state">
      <p className="empty-state-title">{title}</p>
      {children}
    </div>
  );
}

/** A grey shape where content is loading; hidden from screen readers, which hear the busy region. */
export function Skeleton({ lines = 3 }: { lines?: number }) {
  return (
    <div className="skeleton" aria-hidden="true">
      {Array.from({ length: lines }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines are positions, fixed in number
        <span key={index} className="skeleton-line" />
      ))}
    </div>
  );
}
