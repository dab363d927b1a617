// The card on file's texts (docs/decisions/082): the prepay panel, the charge's answers and the
// decline's notice. One name for the concept everywhere: "card on file".
import { cardLabel } from "~/lib/payouts/receipts";
import { formatDate } from "~/lib/shared/dates";
import { formatMoney } from "~/lib/shared/numbers";

type Card = { brand: string; last4: string };

/** Beside the first Prepay (no card saved yet): what the checkout does with the card. */
export const CARD_WILL_BE_SAVED =
  "The card you pay with is saved as your card on file: the next deliverables are charged to it when you prepay them. You can change it at any time.";

/** Beside Prepay once a card is on file. */
export const CARD_ON_FILE_LINE = (card: Card) => `Prepay charges your card on file, ${cardLabel(card)}.`;

export const CHANGE_CARD_LABEL = "Change card";
export const NO_CARD_ON_FILE_MESSAGE = "There is no card on file yet: your first payment saves one.";

/** The form's answer after the card on file was charged. */
export const CARD_CHARGED_MESSAGE = (amountCents: number, card: Card, title: string) =>
  `Paid: ${formatMoney(amountCents)} charged to your ${cardLabel(card)}. Your consultant can start on "${title}".`;

/** The form's (and the API's 402) answer when the card on file was declined, with Stripe's reason. */
export const CARD_ON_FILE_DECLINED_MESSAGE = (card: Card, reason: string) =>
  `Stripe declined your ${cardLabel(card)} ("${reason}"). Pay the invoice with another card, or change the card on file and prepay again.`;

/** Stripe's words for a decline when only its event tells of it. */
export const CARD_DECLINED_REASON = "Your card was declined.";

/** A second prepay while the first one's charge of the card on file is being made. */
export const CARD_CHARGE_STARTING_MESSAGE =
  "This deliverable is already being charged to your card on file. Reload the page in a moment to see the payment.";

/** A checkout was asked for while a charge of the card on file is open (under way or declined). */
export const CARD_CHARGE_OPEN_MESSAGE =
  "This deliverable is already being charged to your card on file. Pay its invoice, or change the card on file and prepay again.";

/** The panel's lasting notice of a declined charge, until it is paid. */
export const DECLINED_CHARGE_NOTICE = (input: {
  title: string;
  reason: string;
  declinedAt: string;
  retryAt: string | null;
}) =>
  `The charge for "${input.title}" was declined on ${formatDate(input.declinedAt)} ("${input.reason}").${input.retryAt ? ` Stripe tries the card again on ${formatDate(input.retryAt)}.` : ""} Work starts once it is paid.`;

export const PAY_INVOICE_LABEL = "Pay the invoice";

export const NOTICE_ITEM_PAYMENT_DECLINED = "A payment was declined";
export const NOTICE_ITEM_PAYMENT_DECLINED_BODY = (input: {
  amountCents: number;
  card: Card | null;
  itemTitle: string;
  plan: string;
  retryAt: Date | null;
}) =>
  `The charge of ${formatMoney(input.amountCents)} for "${input.itemTitle}" of ${input.plan} to your ${input.card ? cardLabel(input.card) : "card on file"} was declined.${input.retryAt ? ` Stripe tries the card again on ${formatDate(input.retryAt)}.` : ""} You can pay the invoice with another card from the engagement, or change the card on file. Work on it starts once it is paid.`;
