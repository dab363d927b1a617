import type { ReactNode } from "react";

/**
 * A table whose rows become one small card each on a narrow screen, every cell labelled by its
 * column (the cell's `data-label`, shown by `.labelled-table`'s styles under 640 px), so a phone
 * never scrolls it sideways. Wider, it is a plain table in a region a keyboard can scroll when the
 * table is wider than its card. `labelledBy` names that region (the card's heading).
 */
export function LabelledTable({
  labelledBy,
  className,
  children,
}: {
  labelledBy: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className="table-scroll" role="region" aria-labelledby={labelledBy} tabIndex={0}>
      <table className={className ? `labelled-table ${className}` : "labelled-table"}>{children}</table>
    </div>
  );
}

export type StatusTone = "done" | "waiting" | "alert" | "muted";

/** A state as a small pill, coloured by its tone (paid, waiting, failed, neither). */
export function StatusPill({
  tone,
  className,
  children,
}: {
  tone: StatusTone;
  className?: string;
  children: ReactNode;
}) {
  return <span className={`status-pill status-pill-${tone}${className ? ` ${className}` : ""}`}>{children}</span>;
}
