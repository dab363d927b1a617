import { Form, Link } from "@remix-run/react";
import { ConsoleNotices } from "~/components/manage/console-notices";
import { ConsultantProfileFacts } from "./consultant-profile";
import { profileReviewPath } from "~/lib/consultants/profile";
import {
  consultantConsolePath,
  INVITATIONS_PATH,
  pausedSinceText,
  PROFILE_WAITING_LABEL,
  PROFILE_WAITING_TITLE,
  REVIEW_PROFILE_LINK,
  ROSTER_EMPTY_MESSAGE,
  ROSTER_PATH,
  ROSTER_STATUS_LABELS,
  ROSTER_STATUSES,
  VETTING_HISTORY_EMPTY_MESSAGE,
  type RosterFilter,
} from "~/lib/consultants/roster";
import { matchRequestConsolePath } from "~/lib/matching/match-console-schemas";
import { MATCH_AREA_OPTIONS } from "~/lib/matching/match-schemas";
import type { ConsultantPage, RosterRow } from "~/server/consultants/roster.server";
import { Field } from "~/components/ui/field";

const hours = (n: number) => (n === 1 ? "1 hour" : `${n} hours`);

function capacityText(row: RosterRow): string {
  if (row.hoursPerWeek === null) return "No profile yet";
  return `${hours(row.committedHours)} of ${row.hoursPerWeek} a week taken`;
}

function ratingText(rating: RosterRow["rating"]): string {
  if (!rating) return "No ratings yet";
  return `${rating.average.toFixed(1)} of 5 (${rating.count === 1 ? "1 rating" : `${rating.count} ratings`})`;
}

/** The manager's roster: every consultant account, searchable by name, email or headline and filtered by status and area (a GET form, so it works without JavaScript). */
export function RosterView({ filter, rows }: { filter: RosterFilter; rows: RosterRow[] }) {
  return (
    <div className="console-page">
      <header className="page-header">
        <div>
          <p className="eyebrow">Engagement manager console</p>
          <h1>Consultants</h1>
        </div>
        <Link to={INVITATIONS_PATH} className="button button-secondary">
          Invitations and applications
        </Link>
      </header>
      <Form method="get" action={ROSTER_PATH} className="card roster-search" role="search">
        <Field id="roster-q" label="Search by name, email or headline">
          {(control) => (
            <input {...control} name="q" type="search" className="input" defaultValue={filter.q} maxLength={100} />
          )}
        </Field>
        <Field id="roster-status" label="Status">
          {(control) => (
            <select {...control} name="status" className="input select" defaultValue={filter.status ?? ""}>
              <option value="">Any status</option>
              {ROSTER_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {ROSTER_STATUS_LABELS[status]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="roster-area" label="Area">
          {(control) => (
            <select {...control} name="area" className="input select" defaultValue={filter.area ?? ""}>
              <option value="">Any area</option>
              {MATCH_AREA_OPTIONS.map((area) => (
                <option key={area.key} value={area.key}>
                  {area.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="button-row">
          <button type="submit" className="button button-primary">
            Search
          </button>
          <Link to={ROSTER_PATH} className="button button-ghost">
            Clear
          </Link>
        </div>
      </Form>
      {rows.length === 0 ? (
        <p className="card console-empty">{ROSTER_EMPTY_MESSAGE}</p>
      ) : (
        <ul className="insight-queue" aria-label="Consultants">
          {rows.map((row) => (
            <li key={row.id} className="card insight-queue-row">
              <div className="insight-queue-main">
                <span className="insight-queue-company">{row.name}</span>
                <span className={`badge roster-status roster-status-${row.status}`}>{row.statusLabel}</span>
              </div>
              <p className="roster-email">{row.email}</p>
              {row.headline ? <p className="roster-headline">{row.headline}</p> : null}
              {row.invitedOn !== null ? (
                <>
                  <p>{`Invited ${row.invitedOn}; no account yet.`}</p>
                  <Link to={INVITATIONS_PATH}>See the invitation</Link>
                </>
              ) : (
                <>
                  {row.reviewWaiting ? (
                    <p className="roster-review-waiting">
                      <strong>{PROFILE_WAITING_LABEL}</strong> ·{" "}
                      <Link to={profileReviewPath(row.id)}>{REVIEW_PROFILE_LINK}</Link>
                    </p>
                  ) : null}
                  <dl className="insight-queue-meta">
                    <div>
                      <dt>Areas</dt>
                      <dd>{row.areas.length > 0 ? row.areas.join(", ") : "None yet"}</dd>
                    </div>
                    <div>
                      <dt>Capacity</dt>
                      <dd>{capacityText(row)}</dd>
                    </div>
                    <div>
                      <dt>Rating</dt>
                      <dd>{ratingText(row.rating)}</dd>
                    </div>
                    <div>
                      <dt>Open candidacies</dt>
                      <dd>{row.openCandidacies}</dd>
                    </div>
                  </dl>
                  <Link to={consultantConsolePath(row.id)}>{`Open ${row.name}`}</Link>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

type Outcome = { notice: string | null; error: string | null };

/** One consultant: the profile as a business sees it, Vet / Unvet with notes, the vetting history, candidacies and matches. */
export function ConsultantConsolePage({ page, outcome }: { page: ConsultantPage; outcome: Outcome }) {
  return (
    <div className="console-page consultant-console">
      <header className="page-header">
        <div>
          <p className="eyebrow">
            <Link to={ROSTER_PATH}>Consultants</Link>
          </p>
          <h1>{page.name}</h1>
          <p>
            {page.email} ·{" "}
            <span className={`badge roster-status roster-status-${page.status}`}>{page.statusLabel}</span>
            {page.awayUntil ? ` · Away until ${page.awayUntil}` : null}
          </p>
        </div>
      </header>
      <ConsoleNotices notice={outcome.notice} error={outcome.error} />
      {page.reviewWaiting ? (
        <section className="card" aria-labelledby="review-waiting-title">
          <h2 id="review-waiting-title" className="card-title">
            {PROFILE_WAITING_TITLE}
          </h2>
          <p>The consultant sent profile changes. Businesses see the published profile until you approve them.</p>
          <Link to={profileReviewPath(page.id)} className="button button-primary">
            {REVIEW_PROFILE_LINK}
          </Link>
        </section>
      ) : null}
      <section className="card consultant-panel" aria-labelledby="profile-title">
        <h2 id="profile-title" className="card-title">
          Profile, as businesses see it
        </h2>
        {page.profile ? (
          <ConsultantProfileFacts consultant={page.profile} />
        ) : (
          <p>This consultant has not written a profile yet.</p>
        )}
      </section>
      {page.profile ? (
        <section className="card" aria-labelledby="vetting-title">
          <h2 id="vetting-title" className="card-title">
            Vetting
          </h2>
          <p>
            {page.vetted
              ? "Vetted: matching can propose this consultant while they are available."
              : "Not vetted: matching never proposes this consultant."}
          </p>
          <Form method="post" className="stack">
            <Field id="vetting-notes" label={page.vetted ? "Why you unvet (required)" : "Notes (optional)"}>
              {(control) => (
                <textarea
                  {...control}
                  name="notes"
                  className="input"
                  rows={3}
                  maxLength={2000}
                  required={page.vetted}
                />
              )}
            </Field>
            <div className="button-row">
              <button
                type="submit"
                name="intent"
                value={page.vetted ? "unvet" : "vet"}
                className="button button-primary"
              >
                {page.vetted ? "Unvet" : "Vet"}
              </button>
            </div>
          </Form>
        </section>
      ) : null}
      {page.profile ? (
        <section className="card" aria-labelledby="pause-title">
          <h2 id="pause-title" className="card-title">
            Pause
          </h2>
          <p>
            {page.pausedAt
              ? pausedSinceText(page.pausedAt)
              : "Not paused. Pausing keeps this consultant out of matching, whatever their availability."}
          </p>
          <Form method="post">
            <button
              type="submit"
              name="intent"
              value={page.pausedAt ? "unpause" : "pause"}
              className="button button-secondary"
            >
              {page.pausedAt ? "Unpause" : "Pause"}
            </button>
          </Form>
        </section>
      ) : null}
      <section className="card" aria-labelledby="history-title">
        <h2 id="history-title" className="card-title">
          Vetting history
        </h2>
        {page.vettings.length === 0 ? (
          <p>{VETTING_HISTORY_EMPTY_MESSAGE}</p>
        ) : (
          <ul className="roster-history">
            {page.vettings.map((row) => (
              <li key={row.id}>
                <p>
                  <strong>{row.decision === "vetted" ? "Vetted" : "Unvetted"}</strong>
                  {` by ${row.decidedBy}, ${row.when}`}
                </p>
                {row.notes ? <p className="roster-notes">{row.notes}</p> : null}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="card" aria-labelledby="candidacies-title">
        <h2 id="candidacies-title" className="card-title">
          Candidacies
        </h2>
        {page.candidacies.length === 0 ? (
          <p>No candidacies yet.</p>
        ) : (
          <ul className="roster-history">
            {page.candidacies.map((row) => (
              <li key={row.id}>
                <Link to={matchRequestConsolePath(row.matchRequestId)}>
                  {row.business}: {row.area}
                </Link>{" "}
                · {row.status}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="card" aria-labelledby="matches-title">
        <h2 id="matches-title" className="card-title">
          Matches and engagements
        </h2>
        {page.matches.length === 0 ? (
          <p>No matches yet.</p>
        ) : (
          <ul className="roster-history">
            {page.matches.map((row) => (
              <li key={row.id}>
                <Link to={matchRequestConsolePath(row.id)}>
                  {row.business}: {row.area}
                </Link>{" "}
                · {row.status}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
