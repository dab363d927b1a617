// The demo consultants' payouts, set up the way a consultant sets them up: 'Set up payouts' on
// /consultant/payouts, then the built-in test onboarding (local mode's stand-in for Stripe's hosted
// onboarding), whose signed account.updated enables payouts and sends the transfers held for the
// deliverables their businesses already approved. Runs after the engagement flows; a second run
// changes nothing (a consultant whose payouts are enabled is skipped).
//
// What a new user finds afterwards: Grace Liu (consultant7@) has payouts enabled, so each of the
// three deliverables demo@ approved in her completed engagement has one paid transfer (held until
// this step). Daniel Brennan (consultant6@) has not set up payouts: the deliverable demo@ accepted
// in his engagement is held (the manager's Transfers page lists it), and signing in as Daniel and
// setting up payouts sends it. Thomas Becker (consultant4@) has not set up payouts either.

import { Session } from "./demo-session.mjs";

const DEMO_PAYOUT_CONSULTANTS = [{ email: "consultant7@partwise.test", firstName: "Grace", lastName: "Liu" }];

export async function playPayoutFlows(baseURL, { log = console.log } = {}) {
  let played = false;
  for (const person of DEMO_PAYOUT_CONSULTANTS) {
    const consultant = await new Session(baseURL, person.email).signIn(person.email);
    if ((await consultant.page("/consultant/payouts")).includes("Payouts enabled")) continue;
    const setup = await consultant.form("/consultant/payouts", { intent: "setup" });
    const onboarding = new URL(setup.headers.get("Location") ?? "", baseURL);
    if (!/^\/test-onboarding\/acct_/.test(onboarding.pathname)) {
      throw new Error(`demo flows: 'Set up payouts' for ${person.email} went to ${onboarding.href}`);
    }
    await consultant.form(onboarding.pathname, {
      intent: "submit",
      firstName: person.firstName,
      lastName: person.lastName,
      dob: "1984-05-14",
      ssnLast4: "4321",
      routingNumber: "110000000",
      accountNumber: "000123456789",
    });
    if (!(await consultant.page("/consultant/payouts")).includes("Payouts enabled")) {
      throw new Error(`demo flows: payouts for ${person.email} are not enabled after the test onboarding`);
    }
    played = true;
  }
  if (played) log("demo flows: Grace Liu set up payouts; her held transfers were sent");
  return { played };
}
