import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useOutlet } from "@remix-run/react";
import { EmailVerificationBanner } from "~/components/identity/email-verification-banner";
import { ConsoleLayout } from "~/components/manage/console-layout";
import { MONEY_DESK, MONEY_DESK_PATH } from "~/lib/payouts/console-copy";
import { fullName } from "~/lib/shared/format";
import { requireRole } from "~/http/guards.server";
import { isAdmin } from "~/server/identity/staff.server";
import { profilesToReview } from "~/server/consultants/profile-review.server";
import { consoleOverview } from "~/server/insights/manager-console.server";
import { insightQueueCounts } from "~/server/insights/insight-queue.server";
import { matchRequestsToDo } from "~/server/matching/match-console.server";
import { plansToReview } from "~/server/engagements/manager-engagements.server";
import { countMoneyDesk } from "~/server/payouts/money-desk.server";
import { unreadMessageCount } from "~/server/conversations/threads.server";

export const meta: MetaFunction = () => [{ title: "Engagement manager console | Partwise" }];

/**
 * /manage: the engagement managers' console (its frame with the work waiting per section, and
 * the home page when no console page is open). Anyone else gets a 404 (the page's existence is not revealed).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireRole(context.app, request, "manager");
  // Independent counts, read in parallel: one round trip after the session's.
  const [overview, insights, matchesToDo, toReview, plans, money, [messages]] = await Promise.all([
    consoleOverview(context.app),
    insightQueueCounts(context.app),
    matchRequestsToDo(context.app),
    profilesToReview(context.app),
    plansToReview(context.app),
    countMoneyDesk(context.app),
    unreadMessageCount(context.app, viewer),
  ]);
  return {
    firstName: viewer.user.firstName,
    lastName: viewer.user.lastName,
    admin: isAdmin(viewer),
    /** The "Confirm your email address" banner (docs/decisions/070): the address, while unverified. */
    unverifiedEmail: viewer.user.emailVerified ? null : viewer.user.email,
    ...overview,
    insights,
    matchesToDo,
    profilesToReview: toReview,
    plansToReview: plans,
    /** The money desk's counts (its card and the navigation). */
    money,
    /** Unread messages in the conversations of the matches assigned to this manager. */
    unreadMessages: messages?.count ?? 0,
  };
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function ManagerConsole() {
  const outlet = useOutlet();
  const {
    firstName,
    lastName,
    admin,
    openSupportMessages,
    insights,
    matchesToDo,
    profilesToReview,
    plansToReview,
    money,
    unverifiedEmail,
    unreadMessages,
  } = useLoaderData<typeof loader>();
  return (
    <ConsoleLayout
      manager={fullName(firstName, lastName)}
      admin={admin}
      counts={{
        insightRequestsToDo: insights.submitted,
        matchRequestsToDo: matchesToDo,
        openSupportMessages,
        profilesToReview,
        plansToReview,
        moneyToDo: money.disputes + money.transfersToRetry,
        unreadMessages,
      }}
    >
      {unverifiedEmail ? <EmailVerificationBanner email={unverifiedEmail} /> : null}
      {outlet ?? <Overview />}
    </ConsoleLayout>
  );
}

function Overview() {
  const { firstName, lastName, openSupportMessages, insights, matchesToDo, plansToReview, money } =
    useLoaderData<typeof loader>();
  const card = MONEY_DESK.card;
  return (
    <div className="console-page">
      <header className="page-header">
        <div>
          <p className="eyebrow">Engagement manager console</p>
          <h1>
            Hello, {firstName} {lastName}
          </h1>
        </div>
      </header>
      <div className="console-stats">
        <section className="card console-stat" aria-labelledby="stat-support">
          <h2 id="stat-support" className="card-title">
            Open support messages
          </h2>
          <p className="console-stat-value">{openSupportMessages}</p>
          <Link to="/manage/support">View support messages</Link>
        </section>
        <section className="card console-stat" aria-labelledby="stat-insights">
          <h2 id="stat-insights" className="card-title">
            Insight requests to do
          </h2>
          <p className="console-stat-value">{insights.submitted}</p>
          <p className="console-muted">
            {insights.in_review} in review · {insights.awaiting_payment} awaiting payment
          </p>
          <Link to="/manage/insights">View insight requests</Link>
        </section>
        <section className="card console-stat" aria-labelledby="stat-matches">
          <h2 id="stat-matches" className="card-title">
            Match requests to do
          </h2>
          <p className="console-stat-value">{matchesToDo}</p>
          <Link to="/manage/matches">View match requests</Link>
        </section>
        <section className="card console-stat" aria-labelledby="stat-plans">
          <h2 id="stat-plans" className="card-title">
            Engagement plans to review
          </h2>
          <p className="console-stat-value">{plansToReview}</p>
          <Link to="/manage/engagements?show=review">View engagements</Link>
        </section>
        <section className="card console-stat" aria-labelledby="stat-money">
          <h2 id="stat-money" className="card-title">
            {MONEY_DESK.title}
          </h2>
          <dl className="console-stat-counts">
            {(
              [
                [card.disputes, money.disputes],
                [card.transfersToRetry, money.transfersToRetry],
                [card.held, money.held],
                [card.nearAcceptance, money.nearAcceptance],
                [card.refunds, money.refunds],
              ] as const
            ).map(([label, count]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{count}</dd>
              </div>
            ))}
          </dl>
          <Link to={MONEY_DESK_PATH}>{card.open}</Link>
        </section>
      </div>
    </div>
  );
}
