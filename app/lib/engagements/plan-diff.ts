import type { PlanVersionItemRow } from "~db/schema";
import { formatDate } from "~/lib/shared/dates";
import { formatMoney } from "~/lib/shared/numbers";

/**
 * What changed between two versions of a plan as the consultant sent them (ADR 049): the title,
 * the overview, and the deliverables added, removed or changed (title, description, date, price,
 * place in the plan). Deliverables are matched by their id, which a deliverable keeps from one
 * version to the next while the consultant edits it. Pure and isomorphic: the manager's review
 * screen shows it.
 */

export type PlanVersionContent = {
  version: number;
  title: string;
  overview: string;
  items: readonly PlanVersionItemRow[];
};

export type ItemFieldChange = {
  field: "title" | "description" | "deliveryDate" | "price" | "position";
  label: string;
  before: string;
  after: string;
};

/** A deliverable as a change names it: its number in its version and its title. */
export type DiffItem = { number: number; title: string; deliveryDate: string; price: string };

export type PlanDiff = {
  from: number;
  to: number;
  title: { before: string; after: string } | null;
  overview: { before: string; after: string } | null;
  added: DiffItem[];
  removed: DiffItem[];
  changed: { item: DiffItem; changes: ItemFieldChange[] }[];
  /** Nothing differs. */
  none: boolean;
};

const FIELD_LABELS: Record<ItemFieldChange["field"], string> = {
  title: "Title",
  description: "Description",
  deliveryDate: "Delivery date",
  price: "Price",
  position: "Place in the plan",
};

const same = (a: string, b: string) => a.trim() === b.trim();

function diffItem(item: PlanVersionItemRow, index: number): DiffItem {
  return {
    number: index + 1,
    title: item.title,
    deliveryDate: formatDate(item.deliveryDate),
    price: formatMoney(item.priceCents),
  };
}

export function planDiff(before: PlanVersionContent, after: PlanVersionContent): PlanDiff {
  const beforeIndex = new Map(before.items.map((item, index) => [item.id, index]));
  const afterIds = new Set(after.items.map((item) => item.id));
  // Moved: its order among the deliverables both versions have changed (not a shift because one
  // was added or removed before it).
  const keptBefore = before.items.filter((item) => afterIds.has(item.id)).map((item) => item.id);
  const keptAfter = after.items.filter((item) => beforeIndex.has(item.id)).map((item) => item.id);
  const added: DiffItem[] = [];
  const changed: PlanDiff["changed"] = [];
  after.items.forEach((item, index) => {
    const at = beforeIndex.get(item.id);
    if (at === undefined) {
      added.push(diffItem(item, index));
      return;
    }
    const old = before.items[at]!;
    const changes: ItemFieldChange[] = [];
    const push = (field: ItemFieldChange["field"], was: string, now: string) =>
      changes.push({ field, label: FIELD_LABELS[field], before: was, after: now });
    if (!same(old.title, item.title)) push("title", old.title, item.title);
    if (!same(old.description, item.description)) push("description", old.description, item.description);
    if (old.deliveryDate !== item.deliveryDate)
      push("deliveryDate", formatDate(old.deliveryDate), formatDate(item.deliveryDate));
    if (old.priceCents !== item.priceCents) push("price", formatMoney(old.priceCents), formatMoney(item.priceCents));
    if (keptBefore.indexOf(item.id) !== keptAfter.indexOf(item.id))
      push("position", `Deliverable ${at + 1}`, `Deliverable ${index + 1}`);
    if (changes.length > 0) changed.push({ item: diffItem(item, index), changes });
  });
  const removed = before.items.flatMap((item, index) => (afterIds.has(item.id) ? [] : [diffItem(item, index)]));
  const title = same(before.title, after.title) ? null : { before: before.title, after: after.title };
  const overview = same(before.overview, after.overview) ? null : { before: before.overview, after: after.overview };
  return {
    from: before.version,
    to: after.version,
    title,
    overview,
    added,
    removed,
    changed,
    none: !title && !overview && added.length === 0 && removed.length === 0 && changed.length === 0,
  };
}
