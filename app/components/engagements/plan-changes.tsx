import { useId } from "react";
import { PLAN_NO_CHANGES, planChangesHeading } from "~/lib/engagements/engagement-copy";
import type { DiffItem, PlanDiff } from "~/lib/engagements/plan-diff";

/**
 * What changed from the previous version of a plan to the one the manager reviews (ADR 049): the
 * title, the overview (both texts), and the deliverables added, removed and changed, field by field.
 */
export function PlanChanges({ changes, unknown }: { changes: PlanDiff | null; unknown: string | null }) {
  const id = useId();
  if (!changes && !unknown) return null;
  return (
    <section className="card stack plan-changes" aria-labelledby={id}>
      <h2 id={id} className="card-title">
        {changes ? planChangesHeading(changes.from, changes.to) : "What changed"}
      </h2>
      {unknown ? <p className="console-muted">{unknown}</p> : null}
      {changes?.none ? <p>{PLAN_NO_CHANGES}</p> : null}
      {changes && !changes.none ? (
        <ul className="plan-change-list" aria-label="Changes">
          {changes.title ? (
            <li>
              <strong>Plan title</strong>: <Before text={changes.title.before} /> → <After text={changes.title.after} />
            </li>
          ) : null}
          {changes.overview ? (
            <li>
              <strong>Overview</strong> changed.
              <div className="plan-change-texts">
                <div>
                  <p className="engagement-item-label">Before</p>
                  <p className="plan-change-text">
                    <del>{changes.overview.before}</del>
                  </p>
                </div>
                <div>
                  <p className="engagement-item-label">Now</p>
                  <p className="plan-change-text">
                    <ins>{changes.overview.after}</ins>
                  </p>
                </div>
              </div>
            </li>
          ) : null}
          {changes.added.map((item) => (
            <li key={`added-${item.number}`}>
              <span className="badge plan-change-added">Added</span> <ItemName item={item} />: {item.deliveryDate} ·{" "}
              {item.price}
            </li>
          ))}
          {changes.removed.map((item) => (
            <li key={`removed-${item.number}`}>
              <span className="badge plan-change-removed">Removed</span> <ItemName item={item} /> (was{" "}
              {item.deliveryDate} · {item.price})
            </li>
          ))}
          {changes.changed.map(({ item, changes: fields }) => (
            <li key={`changed-${item.number}`}>
              <span className="badge badge-soft">Changed</span> <ItemName item={item} />
              <ul className="plan-change-fields">
                {fields.map((field) => (
                  <li key={field.field}>
                    {field.label}: <Before text={field.before} /> → <After text={field.after} />
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function ItemName({ item }: { item: DiffItem }) {
  return (
    <strong>
      Deliverable {item.number}, “{item.title}”
    </strong>
  );
}

function Before({ text }: { text: string }) {
  return <del className="plan-change-before">{text === "" ? "(empty)" : text}</del>;
}

function After({ text }: { text: string }) {
  return <ins className="plan-change-after">{text === "" ? "(empty)" : text}</ins>;
}
