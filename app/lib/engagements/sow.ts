import { categoryLabel } from "~/lib/shared/format";
import { formatDate } from "~/lib/shared/dates";
import { formatMoney, formatPercent } from "~/lib/shared/numbers";
import { AUTO_ACCEPT_DAYS, REMINDER_DAYS_TEXT } from "./review-deadlines";

/**
 * The engagement plan's text: the Engagement Plan, the Form of Statement of Work and the Work
 * Schedule and Deliverables (spec §1, §2 Engagement panel). One builder for every place it appears —
 * the business's Deliverables tab, the consultant's and manager's views, and the signed PDF made on
 * the Worker — so what is signed is exactly what was read. Pure and isomorphic.
 */

export const SOW_HEADINGS = {
  plan: "Engagement Plan",
  statement: "Form of Statement of Work",
  schedule: "Work Schedule and Deliverables",
} as const;

export type SowInput = {
  businessName: string;
  consultantName: string;
  /** The match's business area and engagement type (e.g. finance, fractional). */
  category: string;
  consultingType: string | null;
  problemStatement: string;
  title: string;
  overview: string;
  version: number;
  items: readonly { title: string; description: string; deliveryDate: string; priceCents: number }[];
  /** The signature, once given: the typed name and the date written (YYYY-MM-DD). */
  signature: { name: string; date: string } | null;
  /** Today (YYYY-MM-DD, UTC): the effective date before a signature. */
  today: string;
  /** The platform's fee in whole percent of each phase's price (PLATFORM_FEE_PERCENT). */
  platformFeePercent: number;
};

export type SowItem = { number: number; title: string; description: string; deliveryDate: string; price: string };

export type SowSection = { heading: string; paragraphs: string[]; items?: SowItem[]; total?: string };

export type SowDocument = {
  title: string;
  /** "Nov 23, 2026": the signature date if signed, otherwise today (spec §1: month/day/year). */
  effectiveDate: string;
  version: number;
  sections: SowSection[];
  /** The signature block's lines ("Signed by Dana Reyes on Nov 23, 2026"), or null before signing. */
  signature: string | null;
};

/** Capitalised engagement type ("Fractional"), or "Not sure yet". */
export function consultingTypeLabel(type: string | null): string {
  if (!type) return "Not sure yet";
  return type.charAt(0).toUpperCase() + type.slice(1);
}

/** The master services agreement the statement refers to. */
export const MASTER_SERVICES_AGREEMENT =
  "the Partwise Master Services Agreement accepted with the Partwise Terms and Conditions";

export function buildSowDocument(input: SowInput): SowDocument {
  const effectiveDate = formatDate(input.signature?.date ?? input.today);
  const total = input.items.reduce((sum, item) => sum + item.priceCents, 0);
  const items: SowItem[] = input.items.map((item, index) => ({
    number: index + 1,
    title: item.title,
    description: item.description,
    deliveryDate: formatDate(item.deliveryDate),
    price: formatMoney(item.priceCents),
  }));
  const phases = items.length === 1 ? "one phase" : `${items.length} phases`;
  return {
    title: input.title,
    effectiveDate,
    version: input.version,
    signature: input.signature ? `Signed by ${input.signature.name} on ${formatDate(input.signature.date)}` : null,
    sections: [
      {
        heading: SOW_HEADINGS.plan,
        paragraphs: [
          `${input.consultantName} will work with ${input.businessName} on ${categoryLabel(input.category)} as a ${consultingTypeLabel(input.consultingType).toLowerCase()} engagement.`,
          ...(input.problemStatement ? [`What the business asked for: ${input.problemStatement}`] : []),
          ...input.overview
            .split(/\n{2,}/)
            .map((paragraph) => paragraph.trim())
            .filter(Boolean),
        ],
      },
      {
        heading: SOW_HEADINGS.statement,
        paragraphs: [
          `This Statement of Work (version ${input.version}) is made between ${input.businessName} (the "Client") and Partwise, for the services of ${input.consultantName}, under ${MASTER_SERVICES_AGREEMENT}. Where this Statement and that agreement differ, that agreement governs. Effective date: ${effectiveDate}.`,
          `The work is divided into ${phases}, listed in the Work Schedule and Deliverables below. Each phase is billed in advance.`,
          "The Client's card on file is charged for the first phase after the Client's verbal approval, and later phases are billed the same way, each before its work begins. In the Partwise app the Client gives that approval by prepaying the phase.",
          "When a phase is delivered, the Client reviews it: accepts it and prepays the next phase, accepts it and pauses, or asks for a revision with notes.",
          `If the Client has not reviewed a delivered phase ${AUTO_ACCEPT_DAYS} days after its delivery, it is accepted automatically and the engagement pauses before the next phase (after the last phase, the engagement is complete); Partwise reminds the Client ${REMINDER_DAYS_TEXT} days after the delivery. A request for a revision stops this clock, and the next delivery starts it again.`,
          "After at least one revision of a phase, the Client may instead dispute its delivery. The phase is then neither accepted automatically nor paid for until the engagement manager settles the dispute, with a written decision, in one of three ways: the consultant is paid in full; the Client is refunded in full; or part of the price is refunded and the rest is kept, the platform fee applying to the part kept.",
          `When the Client accepts a phase, Partwise keeps a platform fee of ${formatPercent(input.platformFeePercent, { decimals: 0 })} of its price and pays the rest to ${input.consultantName}.`,
          "The Client may terminate this engagement after notifying the engagement manager and settling the fees and expenses incurred up to the termination.",
          "A change to this plan takes effect only when the engagement manager has approved it and the Client has signed the changed Statement of Work.",
        ],
      },
      {
        heading: SOW_HEADINGS.schedule,
        paragraphs: items.length === 0 ? ["No deliverables yet."] : [],
        items,
        total: formatMoney(total),
      },
    ],
  };
}
