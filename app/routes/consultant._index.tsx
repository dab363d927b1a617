import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { CANDIDACIES_PATH, PORTAL_HOME_TEXTS as T, candidacyPath } from "~/lib/consultants/portal";
import { PROFILE_PATH } from "~/lib/consultants/profile";
import { toAnswerSummary } from "~/lib/matching/candidacy-state";
import { loadPortalHome } from "~/server/consultants/portal.server";
import { requireRole } from "~/server/identity/guards.server";
import { PortalPageHeader } from "~/components/consultant/portal-layout";

export const meta: MetaFunction = () => [{ title: "Home | Consultant portal | Partwise" }];

/** /consultant: the portal's home, what needs the consultant (their profile, candidacies to answer). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireRole(context.app, request, "consultant", { anonymous: "login" });
  const home = await loadPortalHome(context.app, viewer.user.id);
  return { firstName: viewer.user.firstName, home };
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function ConsultantHome() {
  const { firstName, home } = useLoaderData<typeof loader>();
  const { profile, toAnswer } = home;
  const nothing = profile === null && toAnswer.count === 0;
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
        <section className="card" aria-labelledby="home-to-answer-title">
          <h3 id="home-to-answer-title" className="card-title">
            {T.toAnswerTitle} <span className="badge badge-soft">{toAnswer.count}</span>
          </h3>
          <p>{toAnswerSummary(toAnswer.count)}</p>
          <ul aria-label={T.toAnswerTitle}>
            {toAnswer.first.map((item) => (
              <li key={item.id}>
                <Link to={candidacyPath(item.id)} aria-label={`Review and answer: ${item.business.name}, ${item.area}`}>
                  {item.business.name}, {item.area}
                </Link>{" "}
                <span>
                  ({item.type}, requested {item.created})
                </span>
              </li>
            ))}
          </ul>
          <Link to={CANDIDACIES_PATH}>{T.allCandidacies}</Link>
        </section>
      ) : null}
    </div>
  );
}
