import { DEMO_CONSULTANTS, sqlLiteral } from "../../../db/seed/demo";
import { runSql } from "./d1";

/**
 * Mid-flow engagement rows for the business views' browser tests (the same shapes as the
 * integration helper createOutlineRows): the drafting, the manager's approval and the signature
 * have their own journeys; these tests start once a plan is approved. Written to the app's local
 * D1 on the throw-away state the E2E server runs on (d1.ts).
 */

export const SEEDED_CONSULTANT = DEMO_CONSULTANTS[0];

let counter = 0;

type ItemSpec = { title: string; status: string; paid: boolean; review?: string; summary?: string; date?: string };

/**
 * An engagement of the business whose owner signed up with `ownerEmail`, with the demo's first
 * consultant: `active` (signed; Phase 1 approved, Phase 2 delivered and waiting for review, Phase 3
 * to come), `complete` (every phase approved) or `awaiting` (approved by the manager, waiting for
 * the business's signature). Answers its ids and the statements that write it: pass them to
 * writeEngagements, several engagements at once.
 */
export function engagementRows(
  ownerEmail: string,
  kind: "active" | "complete" | "awaiting",
  options: {
    title: string;
    createdAt: Date;
    /** The active engagement's Phase 3 (not paid yet): another title, another date (YYYY-MM-DD). */
    phase3?: { title?: string; date?: string };
    /** When the active engagement's Phase 2 was delivered (its review clock, docs/decisions/078); unset: none. */
    deliveredAt?: Date;
    /**
     * The active engagement's Phase 2 was sent back once before this delivery (so it may be disputed,
     * docs/decisions/079), its payments were made through the Stripe fake (their PaymentIntent and
     * charge in its store, so a refund of them goes through it as any refund does), and the
     * consultant's candidacy was accepted (the engagement's conversation).
     */
    revised?: boolean;
  },
) {
  const tag = `${Date.now().toString(36)}${(counter++).toString(36)}`;
  const at = options.createdAt.getTime();
  const business = `(select b.id from businesses b join users u on u.id = b.owner_user_id where u.email = ${sqlLiteral(ownerEmail)})`;
  const consultant = `(select id from users where email = ${sqlLiteral(SEEDED_CONSULTANT.email)})`;
  const matchId = `e2e-match-${tag}`;
  const outlineId = `e2e-outline-${tag}`;
  const complete = kind === "complete";
  const awaiting = kind === "awaiting";
  const items: ItemSpec[] = awaiting
    ? [
        { title: "Phase 1", status: "upcoming", paid: false },
        { title: "Phase 2", status: "upcoming", paid: false },
      ]
    : complete
      ? [
          { title: "Phase 1", status: "approved", paid: true, review: "approved" },
          { title: "Phase 2", status: "approved", paid: true, review: "approved" },
        ]
      : [
          { title: "Phase 1", status: "approved", paid: true, review: "approved" },
          {
            title: "Phase 2",
            status: "delivered",
            paid: true,
            review: "pending",
            summary: "Found the three products that lost margin.",
          },
          { title: options.phase3?.title ?? "Phase 3", status: "upcoming", paid: false, date: options.phase3?.date },
        ];
  const statements = [
    `insert into match_requests (id, business_id, category, consulting_type, problem_statement, status, source, matched_consultant_id, created_at, updated_at) values (${sqlLiteral(matchId)}, ${business}, 'finance', 'fractional', 'Our margins fell this year and we do not know why.', ${complete ? "'completed'" : awaiting ? "'outline_proposed'" : "'engagement_active'"}, 'direct', ${consultant}, ${at}, ${at});`,
    `insert into delivery_outlines (id, match_request_id, business_id, consultant_id, title, overview, version, signed_version, submitted_at, state, egm_review_status, business_review_status, business_signature, business_signature_date, started_at, complete, completed_at, created_at, updated_at) values (${sqlLiteral(outlineId)}, ${sqlLiteral(matchId)}, ${business}, ${consultant}, ${sqlLiteral(options.title)}, 'We find where the margin went and put it back, one phase at a time.', 1, ${awaiting ? "null" : 1}, ${at}, ${complete ? "'complete'" : awaiting ? "'proposed'" : "'active'"}, 'approved', ${awaiting ? "'pending'" : "'approved'"}, ${awaiting ? "null, null, null" : `'Pat Owner', '2026-11-20', ${at}`}, ${complete ? 1 : 0}, ${complete ? at : "null"}, ${at}, ${at});`,
  ];
  items.forEach((item, position) => {
    const purchaseId = `e2e-purchase-${tag}-${position}`;
    if (item.paid) {
      const intent = options.revised ? `pi_test_e2e${tag}${position}` : null;
      statements.push(
        `insert into purchases (id, business_id, kind, reference_id, amount_cents, status, idempotency_key, stripe_payment_intent_id, created_at, updated_at, paid_at) values (${sqlLiteral(purchaseId)}, ${business}, 'delivery_item', ${sqlLiteral(`e2e-item-${tag}-${position}`)}, 150000, 'paid', ${sqlLiteral(`e2e-${tag}-${position}`)}, ${intent ? sqlLiteral(intent) : "null"}, ${at}, ${at}, ${at});`,
      );
      if (intent) {
        const charge = `ch_test_e2e${tag}${position}`;
        const created = Math.floor(at / 1000);
        const objects: [string, string, Record<string, unknown>][] = [
          [
            "payment_intent",
            intent,
            {
              id: intent,
              object: "payment_intent",
              amount: 150000,
              currency: "usd",
              status: "succeeded",
              latest_charge: charge,
              created,
            },
          ],
          [
            "charge",
            charge,
            {
              id: charge,
              object: "charge",
              amount: 150000,
              amount_refunded: 0,
              refunded: false,
              currency: "usd",
              paid: true,
              status: "succeeded",
              payment_intent: intent,
              created,
            },
          ],
        ];
        for (const [type, id, data] of objects)
          statements.push(
            `insert into local_stripe_objects (id, type, customer_id, data, created_at, updated_at) values (${sqlLiteral(id)}, ${sqlLiteral(type)}, null, ${sqlLiteral(JSON.stringify(data))}, ${at}, ${at});`,
          );
      }
    }
    statements.push(
      `insert into delivery_items (id, outline_id, business_id, position, title, description, delivery_date, price_cents, status, consultant_confirmed_delivery, consultant_confirmed_at, summary_of_work, business_delivery_review, paid_purchase_id, created_at, updated_at, completed_at) values (${sqlLiteral(`e2e-item-${tag}-${position}`)}, ${sqlLiteral(outlineId)}, ${business}, ${position}, ${sqlLiteral(item.title)}, ${sqlLiteral(`What phase ${position + 1} delivers.`)}, ${sqlLiteral(item.date ?? `2027-0${position + 1}-01`)}, 150000, ${sqlLiteral(item.status)}, ${item.review ? 1 : 0}, ${item.review === "pending" && options.deliveredAt ? options.deliveredAt.getTime() : "null"}, ${item.summary ? sqlLiteral(item.summary) : "null"}, ${item.review ? sqlLiteral(item.review) : "null"}, ${item.paid ? sqlLiteral(purchaseId) : "null"}, ${at}, ${at}, ${item.status === "approved" ? at : "null"});`,
    );
  });
  if (options.revised) {
    // The consultant's accepted candidacy: the engagement's conversation (where a dispute is answered).
    statements.splice(
      1,
      0,
      `insert into match_candidates (id, match_request_id, business_id, consultant_id, status, business_decision_status, consultant_responded_at, decided_at, created_at, updated_at) values (${sqlLiteral(`e2e-candidacy-${tag}`)}, ${sqlLiteral(matchId)}, ${business}, ${consultant}, 'accepted', 'accepted', ${at}, ${at}, ${at}, ${at});`,
    );
  }
  if (options.revised && kind === "active") {
    // Phase 2's first delivery was sent back with notes (a day before the delivery waiting now).
    const deliveredAt = options.deliveredAt?.getTime() ?? at;
    statements.push(
      `insert into delivery_item_decisions (id, item_id, outline_id, business_id, decided_by_user_id, decision, decision_action, business_notes, automatic, complete, created_at) values (${sqlLiteral(`e2e-decision-${tag}`)}, ${sqlLiteral(`e2e-item-${tag}-1`)}, ${sqlLiteral(outlineId)}, ${business}, null, 'revision', 'revise', 'The margin table leaves out the wholesale channel.', 0, 1, ${deliveredAt - 24 * 60 * 60 * 1000});`,
    );
  }
  const itemIds = items.map((_, position) => `e2e-item-${tag}-${position}`);
  return { outlineId, matchId, itemIds, statements: statements.map((statement) => statement.replace(/;$/, "")) };
}

/** Writes the engagements' rows in one batch (each write takes a turn on the server). */
export function writeEngagements(...engagements: { statements: string[] }[]) {
  runSql(engagements.flatMap((engagement) => engagement.statements));
}
