import * as z from "zod";
import {
  CANDIDACY_CHOOSE_ANSWER_MESSAGE,
  CANDIDACY_DECLINE_REASON_MAX,
  CANDIDACY_DECLINE_REASON_TOO_LONG,
} from "./match-copy";

/**
 * The consultant's answer on a candidacy page: intent=accept, or intent=decline with an optional
 * reason for the engagement manager. Pure and isomorphic.
 */
export const CandidacyAnswerSchema = z.object({
  intent: z.enum(["accept", "decline"], { error: CANDIDACY_CHOOSE_ANSWER_MESSAGE }),
  reason: z
    .string({ error: CANDIDACY_DECLINE_REASON_TOO_LONG })
    .max(CANDIDACY_DECLINE_REASON_MAX, { error: CANDIDACY_DECLINE_REASON_TOO_LONG })
    .optional(),
});

export type CandidacyAnswerInput = z.infer<typeof CandidacyAnswerSchema>;

/** Where the confirmation step of an answer is shown: `?answer=accept` or `?answer=decline`. */
export function confirmingAnswer(value: string | null): "accept" | "decline" | null {
  return value === "accept" || value === "decline" ? value : null;
}
