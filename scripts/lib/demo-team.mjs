// The demo business's team, made the way people make it: Dana Whitfield (demo@partwise.test, the
// owner) invites her operations lead as an admin and her outside bookkeeper as a viewer from
// Settings → Team; each opens the link emailed to them (read from the local outbox) and signs up
// with the demo password. A second run changes nothing (it stops when both are already members).
//
// What a new user finds afterwards: Settings → Team of demo@ lists three people, and
// ops@partwise.test (admin) and books@partwise.test (viewer) sign in to Harbor & Pine Outfitters
// with the role their invitation gave; the Activity tab shows the invitations and the joins.

import { CLIENT, Session } from "./demo-session.mjs";
import { DEMO_PASSWORD as PASSWORD } from "./demo-sign-in.mjs";

export const DEMO_TEAM = [
  { firstName: "Priya", lastName: "Raman", email: "ops@partwise.test", role: "admin" },
  { firstName: "Sam", lastName: "Okoro", email: "books@partwise.test", role: "viewer" },
];

/** The invitation link emailed to `email`, read from the local outbox page (the newest first). */
async function teamInvitationPath(baseURL, email) {
  const html = await (await fetch(`${baseURL}/dev/outbox`)).text();
  const at = html.indexOf(email);
  const match = at < 0 ? null : /\/business-invitation\/[A-Za-z0-9_-]{43}/.exec(html.slice(at));
  if (!match) throw new Error(`demo flows: no business invitation for ${email} in the outbox`);
  return match[0];
}

export async function playTeamFlows(baseURL, { log = console.log } = {}) {
  const owner = await new Session(baseURL, "demo business owner").signIn(CLIENT);
  const team = await owner.page("/company-profile?tab=team");
  if (DEMO_TEAM.every((person) => team.includes(person.email))) {
    log("demo flows: the demo business's team is already invited");
    return { played: false };
  }
  for (const person of DEMO_TEAM) {
    await owner.form("/company-profile?tab=team", { intent: "team-invite", email: person.email, role: person.role });
    const invitee = new Session(baseURL, `invited ${person.role}`);
    const accepted = await invitee.form(await teamInvitationPath(baseURL, person.email), {
      firstName: person.firstName,
      lastName: person.lastName,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    if (accepted.status !== 302 && accepted.status !== 303) {
      throw new Error(`demo flows: ${person.email} could not accept the invitation (${accepted.status})`);
    }
  }
  log(`demo flows: ${DEMO_TEAM.map((p) => `${p.email} (${p.role})`).join(" and ")} joined the demo business`);
  return { played: true };
}
