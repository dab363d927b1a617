/**
 * The emailed digest of unread messages (issue #39 item 5, docs/decisions/075): its texts, exact
 * and asserted in tests.
 */

/** How many messages a digest quotes (the latest); the rest are counted. */
export const DIGEST_SHOWN_MESSAGES = 10;

/** How much of each message a digest quotes. */
export const DIGEST_EXCERPT_LENGTH = 300;

/** Who the conversation is with, as the recipient sees it. */
export function digestCounterpart(
  party: "business" | "consultant" | "manager",
  names: { businessName: string; consultantName: string },
): string {
  if (party === "business") return names.consultantName;
  if (party === "consultant") return names.businessName;
  return `${names.businessName} and ${names.consultantName}`;
}

export const DIGEST_TEXTS = {
  subject: (count: number, counterpart: string) =>
    count === 1
      ? `1 unread message in your conversation with ${counterpart}`
      : `${count} unread messages in your conversation with ${counterpart}`,
  greeting: (firstName: string) => `Hi ${firstName || "there"},`,
  intro: (count: number) =>
    count === 1 ? "A message is waiting for you on Partwise:" : `${count} messages are waiting for you on Partwise:`,
  earlier: (count: number) => (count === 1 ? "…and 1 earlier message." : `…and ${count} earlier messages.`),
  action: "Open the conversation",
  footer:
    "You get this email because you take part in this conversation on Partwise. We email a message only if it is still unread a few minutes after it was sent.",
} as const;

/** A message as a digest quotes it: at most DIGEST_EXCERPT_LENGTH characters. */
export function digestExcerpt(body: string): string {
  const text = body.trim();
  return text.length > DIGEST_EXCERPT_LENGTH ? `${text.slice(0, DIGEST_EXCERPT_LENGTH - 1).trimEnd()}…` : text;
}
