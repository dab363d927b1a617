import { useCallback, useEffect, useRef, useState } from "react";
import { noInsightsMessage } from "~/lib/shared/format";
import {
  CAROUSEL_PAGES,
  CAROUSEL_SCROLL_STEP,
  INSIGHT_CAROUSEL_CATEGORIES,
  carouselPage,
  carouselPageOffset,
  carouselTiles,
  initialCarouselCategory,
  type InsightCarouselCategory,
} from "~/lib/insights/insight-views";
import { InsightTile, type TileData } from "./insight-tile";

/**
 * The insight carousel (spec §2, §9): a category label with a choice of category (Delivered or
 * Pending), the tiles in a horizontal scroller, Previous/Next buttons that scroll by exactly
 * 840 px, and three page dots (the current one aria-current; a dot scrolls to its third). The
 * scroller itself is keyboard scrollable (tabIndex 0) and works without JavaScript.
 */
export function InsightCarousel({ tiles }: { tiles: readonly TileData[] }) {
  const [category, setCategory] = useState<InsightCarouselCategory>(() => initialCarouselCategory(tiles));
  const [page, setPage] = useState(0);
  const [edges, setEdges] = useState({ start: true, end: true });
  const scroller = useRef<HTMLDivElement>(null);
  const shown = carouselTiles(tiles, category);

  const measure = useCallback(() => {
    const node = scroller.current;
    if (!node) return;
    const max = node.scrollWidth - node.clientWidth;
    setPage(carouselPage(node.scrollLeft, max));
    setEdges({ start: node.scrollLeft <= 1, end: node.scrollLeft >= max - 1 });
  }, []);

  useEffect(() => {
    const node = scroller.current;
    if (!node) return;
    node.scrollLeft = 0;
    measure();
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, [category, measure]);

  const scrollByStep = (direction: 1 | -1) => {
    scroller.current?.scrollBy({ left: direction * CAROUSEL_SCROLL_STEP, behavior: "smooth" });
  };
  const goToPage = (target: number) => {
    const node = scroller.current;
    if (!node) return;
    node.scrollTo({ left: carouselPageOffset(target, node.scrollWidth - node.clientWidth), behavior: "smooth" });
  };

  return (
    <div className="insight-carousel">
      <div className="insight-carousel-head">
        <label className="insight-carousel-label" htmlFor="insight-carousel-category">
          Category
        </label>
        <select
          id="insight-carousel-category"
          className="input insight-carousel-select"
          value={category}
          onChange={(event) => setCategory(event.target.value as InsightCarouselCategory)}
        >
          {INSIGHT_CAROUSEL_CATEGORIES.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
        <p className="insight-carousel-title" aria-live="polite">
          {category} insights
        </p>
      </div>
      {shown.length === 0 ? (
        <p className="empty-state">{noInsightsMessage(category)}</p>
      ) : (
        <>
          <div
            ref={scroller}
            className="insight-carousel-track"
            role="region"
            aria-label={`${category} insights`}
            tabIndex={0}
            onScroll={measure}
          >
            <ul className="insight-carousel-list">
              {shown.map((tile) => (
                <li key={`${tile.type}-${tile.id}`}>
                  <InsightTile tile={tile} />
                </li>
              ))}
            </ul>
          </div>
          <div className="insight-carousel-controls">
            <button
              type="button"
              className="button button-secondary"
              onClick={() => scrollByStep(-1)}
              disabled={edges.start}
            >
              Previous
            </button>
            <div className="insight-carousel-dots" role="group" aria-label="Carousel pages">
              {Array.from({ length: CAROUSEL_PAGES }, (_, index) => (
                <button
                  key={index}
                  type="button"
                  className="insight-carousel-dot"
                  aria-label={`Page ${index + 1} of ${CAROUSEL_PAGES}`}
                  aria-current={page === index ? "true" : undefined}
                  onClick={() => goToPage(index)}
                />
              ))}
            </div>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => scrollByStep(1)}
              disabled={edges.end}
            >
              Next
            </button>
          </div>
        </>
      )}
    </div>
  );
}
