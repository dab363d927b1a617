import type { BusinessDecisionStatus, CandidateStatus, ThreadParty } from "~db/enums";

/**
 * Who takes part in a thread and whether it is open (docs/decisions/072). Pure: the server's
 * participation check and the pages' controls read the same rules.
 */

/** The candidacy facts a thread's rules read. */
export type ThreadFacts = {
  status: CandidateStatus;
  businessDecisionStatus: BusinessDecisionStatus;
  /** When the consultant answered the candidacy (accepted or declined); null while they have not. */
  consultantRespondedAt: Date | null;
};

/**
 * The business sees a candidate once the consultant has said yes (the candidate is presented):
 * the thread is theirs from then on, and stays readable after it closes.
 */
export function businessSeesThread(facts: ThreadFacts): boolean {
  return facts.status === "accepted" || (facts.status === "withdrawn" && facts.consultantRespondedAt !== null);
}

/**
 * A thread closes when the candidacy ends without a match: the consultant declined, the
 * candidacy was withdrawn, or the business rejected the candidate. It stays readable to everyone
 * who saw it; nobody writes in it any more.
 */
export function threadClosed(facts: ThreadFacts): boolean {
  return facts.status === "declined" || facts.status === "withdrawn" || facts.businessDecisionStatus === "rejected";
}

/** Which side a person is on in threads: from their account's role. */
export function partyOfRole(role: string): ThreadParty | null {
  if (role === "client") return "business";
  if (role === "consultant") return "consultant";
  if (role === "manager") return "manager";
  return null;
}
