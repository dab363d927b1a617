import { useEffect, useRef, useState, type ReactNode } from "react";

/**
 * A table whose rows become one small card each on a narrow screen, every cell labelled by its
 * column (the cell's `data-label`, shown by `.labelled-table`'s styles under 640 px), so a phone
 * never scrolls it sideways. Wider, it is a plain table in a region named by `labelledBy` (the
 * card's heading) that takes the keyboard's focus while the table is wider than the region, so
 * it can be scrolled without a mouse (without JavaScript, always: the server cannot measure).
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
  const region = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(true);
  useEffect(() => {
    const element = region.current;
    if (!element) return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={region}
      className="table-scroll"
      role="region"
      aria-labelledby={labelledBy}
      tabIndex={scrolls ? 0 : undefined}
    >
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
