import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import {
  CANDIDACIES_PATH,
  ENGAGEMENTS_PATH,
  PORTAL_HOME_TEXTS as T,
  candidacyPath,
  dueText,
  heldForSetupText,
} from "~/lib/consultants/portal";
import { OVERDUE_LABEL, PLANS_TO_DRAFT } from "~/lib/engagements/engagement-copy";
import {
  consultantDeliveryPath,
  consultantEngagementPath,
  consultantNewPlanPath,
} from "~/lib/engagements/engagement-paths";
import { formatMoney } from "~/lib/shared/numbers";
import { PAYOUTS_PATH } from "~/lib/payouts/payout-copy";
import { PROFILE_PATH } from "~/lib/consultants/profile";
import { HIDDEN_BUSINESS_LABEL, toAnswerSummary } from "~/lib/matching/candidacy-state";
import { loadPortalHome } from "~/server/consultants/portal.server";
import { requireRole } from "~/http/guards.server";
import { PortalPageHeader } from "~/components/consultant/portal-layout";

export const meta: MetaFunction = () => [{ title: "Home | Consultant portal | Partwise" }];

/**
 * /consultant: the portal's home, what needs the consultant: their profile, candidacies to answer,
 * plans to draft or revise, deliverables to deliver and money held until they set up payouts.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireRole(context.app, request, "consultant", { anonymous: "login" });
  const home = await loadPortalHome(context.app, viewer.user.id);
  return { firstName: viewer.user.firstName, home };
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function ConsultantHome() {
  const { firstName, home } = useLoaderData<typeof loader>();
  const { profile, toAnswer, work } = home;
  const nothing =
    profile === null &&
    toAnswer.count === 0 &&
    work.toDraft.length === 0 &&
    work.toRevise.length === 0 &&
    work.toDeliver.length === 0 &&
    work.heldForSetupCents === 0;
  return (
    <div className="console-page portal-home">
      <PortalPageHeader title={firstName ? `Hello, ${firstName}` : "Welcome"} />
      <h2 className="candidacy-group-title">{T.title}</h2>
      {nothing ? <p className="card console-empty">{T.nothingNeeded}</p> : null}
      {profile?.kind === "onboarding" ? (
        <section className="card" aria-labelledby="home-profile-title">
          <h3 id="home-profile-title" className="card-title">
            {T.onboardingTitle}
          </h3>
          <p>{T.onboardingLead}</p>
          <p>
            <strong>{profile.progress}</strong>
          </p>
          {profile.status === "submitted" ? <p>{T.onboardingSubmitted}</p> : null}
          {profile.status === "changes_requested" ? (
            <>
              <p>{T.changesRequested}</p>
              {profile.notes ? <blockquote className="review-notes">{profile.notes}</blockquote> : null}
            </>
          ) : null}
          {profile.status !== "submitted" ? <Link to={PROFILE_PATH}>{T.completeProfile}</Link> : null}
        </section>
      ) : null}
      {profile?.kind === "changes_requested" ? (
        <section className="card" aria-labelledby="home-profile-title">
          <h3 id="home-profile-title" className="card-title">
            {T.changesRequestedTitle}
          </h3>
          <p>{T.changesRequested}</p>
          {profile.notes ? <blockquote className="review-notes">{profile.notes}</blockquote> : null}
          <Link to={PROFILE_PATH}>{T.reviseProfile}</Link>
        </section>
      ) : null}
      {profile?.kind === "submitted" ? (
        <section className="card" aria-labelledby="home-profile-title">
          <h3 id="home-profile-title" className="card-title">
            {T.submittedTitle}
          </h3>
          <p>{T.submitted}</p>
        </section>
      ) : null}
      {toAnswer.count > 0 ? (
        <TaskCard id="home-to-answer-title" title={T.toAnswerTitle} count={toAnswer.count}>
          <p>{toAnswerSummary(toAnswer.count)}</p>
          <ul aria-label={T.toAnswerTitle}>
            {toAnswer.first.map((item) => (
              <li key={item.id}>
                <Link
                  to={candidacyPath(item.id)}
                  aria-label={`Review and answer: ${item.business?.name ?? HIDDEN_BUSINESS_LABEL}, ${item.area}`}
                >
                  {item.business?.name ?? HIDDEN_BUSINESS_LABEL}, {item.area}
                </Link>{" "}
                <span>
                  ({item.type}, requested {item.created})
                </span>
              </li>
            ))}
          </ul>
          <p>
            <Link to={CANDIDACIES_PATH}>{T.allCandidacies}</Link>
          </p>
        </TaskCard>
      ) : null}
      {work.toDeliver.length > 0 ? (
        <TaskCard id="home-to-deliver-title" title={T.toDeliverTitle} count={work.toDeliver.length}>
          <ul className="portal-home-list" aria-label={T.toDeliverTitle}>
            {work.toDeliver.map((item) => (
              <li key={item.itemId}>
                <Link to={consultantDeliveryPath(item.outlineId, item.itemId)}>{item.title}</Link>{" "}
                <span className="console-muted">
                  {item.engagementTitle}, {item.business} · {dueText(item.deliveryDate)}
                </span>{" "}
                {item.revision ? <span className="badge badge-soft">{T.revisionRequested}</span> : null}
                {item.overdue ? <span className="badge match-badge-overdue">{OVERDUE_LABEL}</span> : null}
              </li>
            ))}
          </ul>
        </TaskCard>
      ) : null}
      {work.toRevise.length > 0 ? (
        <TaskCard id="home-to-revise-title" title={T.toReviseTitle} count={work.toRevise.length}>
          <ul className="portal-home-list" aria-label={T.toReviseTitle}>
            {work.toRevise.map((plan) => (
              <li key={plan.outlineId}>
                <Link to={consultantEngagementPath(plan.outlineId)}>{plan.title}</Link>{" "}
                <span className="console-muted">
                  {plan.business} · {plan.stage}
                </span>
              </li>
            ))}
          </ul>
        </TaskCard>
      ) : null}
      {work.toDraft.length > 0 ? (
        <TaskCard id="home-to-draft-title" title={PLANS_TO_DRAFT} count={work.toDraft.length}>
          <ul className="portal-home-list" aria-label={PLANS_TO_DRAFT}>
            {work.toDraft.map((match) => (
              <li key={match.matchId}>
                <Link to={consultantNewPlanPath(match.matchId)}>
                  {match.business}, {match.area}
                </Link>{" "}
                <span className="console-muted">
                  ({match.type}, matched {match.since})
                </span>
              </li>
            ))}
          </ul>
          <p>
            <Link to={ENGAGEMENTS_PATH}>{T.allEngagements}</Link>
          </p>
        </TaskCard>
      ) : null}
      {work.heldForSetupCents > 0 ? (
        <section className="card" aria-labelledby="home-payouts-title">
          <h3 id="home-payouts-title" className="card-title">
            {T.payoutsTitle}
          </h3>
          <p>{heldForSetupText(formatMoney(work.heldForSetupCents))}</p>
          <Link to={PAYOUTS_PATH} className="button button-primary">
            {T.payoutsLink}
          </Link>
        </section>
      ) : null}
    </div>
  );
}

/** One kind of task on the home: its title with how many there are, then the list. */
function TaskCard({ id, title, count, children }: { id: string; title: string; count: number; children: ReactNode }) {
  return (
    <section className="card" aria-labelledby={id}>
      <h3 id={id} className="card-title">
        {title} <span className="badge badge-soft">{count}</span>
      </h3>
      {children}
    </section>
  );
}
