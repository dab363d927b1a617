import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { BUSINESS_MEMBER_ROLES, type BusinessMemberRole } from "~db/enums";
import { users } from "~db/schema";
import { notifyDeliverable } from "~/server/engagements/deliverable-notices.server";
import { membersWhoMay } from "~/server/business/members.server";
import { unsubscribeGroup } from "~/server/notifications/preferences.server";
import { BUSINESS_ACTIONS, can } from "~/lib/business/permissions";
import { signedInConsultant, signedInMember, signedInTeam } from "../../factories";
import {
  appAt,
  createConsultant,
  sessionTokenFrom,
  signIn,
  createCandidateRow,
  createMatchRequestRow,
  createOutlineRows,
  db,
  emailsTo,
  noticesOf,
  ORIGIN,
  postForm,
} from "../helpers";

/**
 * Notifications and emails by role (issue #38 item 1, docs/decisions/068): a notice about a
 * business goes to its members whose role acts on it, through the permission table
 * (membersWhoMay): a candidate to decide and a refund to the owner and the admin, a deliverable to
 * review and an engagement completed to the owner, the admin and the member; never the viewer of
 * an acting one. Each person's email preferences decide their email.
 */

type Team = Awaited<ReturnType<typeof signedInTeam>>;
let team: Team;
const person = (role: BusinessMemberRole) => team[role];

beforeAll(async () => {
  team = await signedInTeam();
});

/** Who of the team got `kind`, in the app and by email. */
async function told(kind: string) {
  const notified: BusinessMemberRole[] = [];
  const emailed: BusinessMemberRole[] = [];
  for (const role of BUSINESS_MEMBER_ROLES) {
    if ((await noticesOf(person(role).user.id, kind)).length > 0) notified.push(role);
    if ((await emailsTo(person(role).user.email, kind)).length > 0) emailed.push(role);
  }
  return { notified, emailed };
}

describe("membersWhoMay", () => {
  it("answers, for every action, exactly the members the permission table allows, owners first", async () => {
    for (const action of BUSINESS_ACTIONS) {
      const expected = BUSINESS_MEMBER_ROLES.filter((role) => can(role, action)).map((role) => person(role).user.id);
      expect(await membersWhoMay(appAt(), team.business.id, action), action).toEqual(expected);
    }
  });

  it("leaves out a deactivated account and answers nothing for an unknown business", async () => {
    const gone = await signedInMember(team.business.id, "admin");
    await db().update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, gone.user.id));
    expect(await membersWhoMay(appAt(), team.business.id, "pay")).toEqual([team.owner.user.id, team.admin.user.id]);
    expect(await membersWhoMay(appAt(), "biz-unknown", "pay")).toEqual([]);
  });
});

describe("a candidate ready to decide", () => {
  it("is told to the owner and the admin (who decide candidates), in the app and by email; not the member or the viewer", async () => {
    const { user } = await createConsultant();
    const consultant = { user, token: sessionTokenFrom(await signIn(user.email))! };
    const request = await createMatchRequestRow(team.business.id, { status: "candidates_proposed" });
    const candidate = await createCandidateRow(request.id, team.business.id, consultant.user.id);
    const accepted = await postForm(`/consultant/candidacies/${candidate.id}`, { intent: "accept" }, consultant.token);
    expect(accepted.status).toBe(302);
    expect(await told("candidate_ready")).toEqual({ notified: ["owner", "admin"], emailed: ["owner", "admin"] });
    const [notice] = await noticesOf(team.admin.user.id, "candidate_ready");
    expect(notice).toMatchObject({
      businessId: team.business.id,
      link: `/features?matchId=${request.id}&viewCandidate=${consultant.user.id}`,
    });
  });
});

describe("a deliverable's notices", () => {
  it("a delivery and a completion go to who reviews deliverables, a refund to who pays; each person's preferences decide the email", async () => {
    const consultant = await signedInConsultant();
    const match = await createMatchRequestRow(team.business.id, {
      status: "consultant_matched",
      matchedConsultantId: consultant.user.id,
    });
    const { items } = await createOutlineRows({ ...match, matchedConsultantId: consultant.user.id });
    // The member turned the engagements emails off: the notification still reaches them.
    await unsubscribeGroup(appAt(), team.member.user.id, "engagements");

    await notifyDeliverable(appAt(), ORIGIN, items[0]!.id, ["item_delivered"]);
    expect(await told("item_delivered")).toEqual({
      notified: ["owner", "admin", "member"],
      emailed: ["owner", "admin"],
    });

    await notifyDeliverable(appAt(), ORIGIN, items[1]!.id, ["engagement_completed"]);
    expect((await told("engagement_completed")).notified).toEqual(["owner", "admin", "member"]);

    // A refund is a payment email (essential): sent whatever the preferences, to who pays.
    await notifyDeliverable(appAt(), ORIGIN, items[2]!.id, ["item_refunded"]);
    expect(await told("item_refunded")).toEqual({ notified: ["owner", "admin"], emailed: ["owner", "admin"] });

    // Each notice once per person.
    expect(await noticesOf(team.owner.user.id, "item_delivered")).toHaveLength(1);
    expect(await emailsTo(team.owner.user.email, "item_delivered")).toHaveLength(1);
  });
});
