import { Link } from "@remix-run/react";
import {
  HIDDEN_BUSINESS_LABEL,
  NO_CANDIDACIES_MESSAGE,
  NOTHING_TO_ANSWER_MESSAGE,
  toAnswerSummary,
} from "~/lib/matching/candidacy-state";
import type { CandidacyInbox, CandidacyInboxItem } from "~/server/matching/candidacies.server";
import { PortalPageHeader } from "~/components/consultant/portal-layout";

/**
 * The consultant's inbox: the candidacies to answer first (with their count), then the others by
 * where they stand (accepted and waiting for the business, matched, not chosen, declined).
 */
export function CandidacyInboxView({ firstName, inbox }: { firstName: string; inbox: CandidacyInbox }) {
  const [toAnswer, ...rest] = inbox.groups;
  const others = rest.filter((group) => group.items.length > 0);
  return (
    <div className="console-page candidacy-inbox">
      <PortalPageHeader title={firstName ? `Hello, ${firstName}` : "Your inbox"} />
      <p className="lead">{toAnswerSummary(inbox.toAnswer)}</p>
      {inbox.total === 0 ? (
        <section className="card empty-state" aria-labelledby="candidacies-empty-title">
          <h2 id="candidacies-empty-title" className="card-title">
            No candidacies yet
          </h2>
          <p>{NO_CANDIDACIES_MESSAGE}</p>
        </section>
      ) : (
        <>
          <section className="candidacy-group" aria-labelledby="group-to_answer">
            <h2 id="group-to_answer" className="candidacy-group-title">
              <span>{toAnswer!.label}</span>
              <span className="badge badge-soft">{toAnswer!.items.length}</span>
            </h2>
            {toAnswer!.items.length === 0 ? (
              <p className="card console-empty">{NOTHING_TO_ANSWER_MESSAGE}</p>
            ) : (
              <CandidacyList items={toAnswer!.items} label={toAnswer!.label} />
            )}
          </section>
          {others.map((group) => (
            <section key={group.state} className="candidacy-group" aria-labelledby={`group-${group.state}`}>
              <h2 id={`group-${group.state}`} className="candidacy-group-title">
                <span>{group.label}</span>
                <span className="badge badge-soft">{group.items.length}</span>
              </h2>
              <CandidacyList items={group.items} label={group.label} />
            </section>
          ))}
        </>
      )}
    </div>
  );
}

function CandidacyList({ items, label }: { items: CandidacyInboxItem[]; label: string }) {
  const open = (item: CandidacyInboxItem) => (item.state === "to_answer" ? "Review and answer" : "Open candidacy");
  return (
    <ul className="candidacy-list" aria-label={label}>
      {items.map((item) => {
        const company = item.business?.name ?? HIDDEN_BUSINESS_LABEL;
        return (
          <li key={item.id} className="card candidacy-row">
            <div className="candidacy-row-main">
              <span className="candidacy-row-company">{company}</span>
              <span className="badge badge-soft">{item.area}</span>
            </div>
            <dl className="candidacy-meta">
              <div>
                <dt>Engagement type</dt>
                <dd>{item.type}</dd>
              </div>
              <div>
                <dt>Requested</dt>
                <dd>{item.created}</dd>
              </div>
              {item.business ? (
                <>
                  <div>
                    <dt>Industry</dt>
                    <dd>{item.business.industry}</dd>
                  </div>
                  <div>
                    <dt>Size</dt>
                    <dd>{item.business.size}</dd>
                  </div>
                  <div>
                    <dt>City</dt>
                    <dd>{item.business.city}</dd>
                  </div>
                </>
              ) : null}
            </dl>
            <Link to={`/consultant/candidacies/${item.id}`} aria-label={`${open(item)}: ${company}, ${item.area}`}>
              {open(item)}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
