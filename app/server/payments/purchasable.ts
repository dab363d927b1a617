import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "~db/index";
import type { Purchase, PURCHASE_KINDS } from "~db/schema";
import type { LookupKey } from "~/lib/payments/plans";
import type { AppContext } from "~/server/load-context";
import type { PaymentProvider, CheckoutSession } from "./provider/types";

/**
 * What a purchasable kind tells payments (docs/decisions/010-payments.md). Each kind is
 * implemented by the domain that owns what is bought, so checkout and fulfilment never read or
 * write another domain's tables: they ask the kind what a reference costs, and hand it the paid
 * purchase to deliver. Types only, so the domains can implement it without importing payments.
 */

export type PurchaseKind = (typeof PURCHASE_KINDS)[number];

/** A refused request the route answers with `status` and `{ msg }` (or a redirect for form posts). */
export type CheckoutFailure = {
  ok: false;
  status: 402 | 403 | 404 | 409 | 400 | 502;
  msg: string;
  /**
   * Why, where a page words it differently: the business already has a live subscription (change
   * plans in the customer portal), another plan's checkout is open, or the returned payment was a
   * duplicate (refunded automatically); or the payer's email is not verified yet (docs/decisions/070).
   */
  code?: "subscription_live" | "subscription_checkout_open" | "duplicate_payment" | "email_unverified";
};

/** What the business is about to buy: the purchase's reference, price and the Checkout Session's texts and return paths. */
export type PurchaseDescription = {
  ok: true;
  /** Stored as purchases.reference_id; fulfil receives it back. */
  referenceId: string;
  amountCents: number;
  productName: string;
  /** What the business calls it in a sentence ("Market analysis"), when it differs from productName. */
  title?: string;
  /** Path and query after the origin; may contain the literal {CHECKOUT_SESSION_ID}. */
  successPath: string;
  cancelPath: string;
};

/** How each kind's reference is given to describe. */
export type PurchaseRefs = {
  subscription: LookupKey;
  insight: { insightId: string };
  delivery_item: { itemId: string; outlineId: string };
  benchmarking: { year: number };
};

export type Purchasable<K extends PurchaseKind> = {
  kind: K;
  /**
   * Paid for in phases (an engagement's deliverables): the first checkout saves the card, which
   * becomes the business's card on file, and later ones are charged to it by invoice
   * (docs/decisions/082).
   */
  savesCard?: true;
  /** The business's own unpaid reference, described; 404 when it is not the business's, 409 when already bought. */
  describe(app: AppContext, businessId: string, ref: PurchaseRefs[K]): Promise<PurchaseDescription | CheckoutFailure>;
  /**
   * Reads the provider before the paid mark, for effects that need its current state (a
   * subscription's); idempotent, as it may run on every confirmation.
   */
  prepare?(
    app: AppContext,
    purchase: Purchase,
    session: CheckoutSession,
    provider: PaymentProvider,
    /** The app's URL for the emails' links (null: in-app notices only). */
    origin: string | null,
  ): Promise<void>;
  /**
   * The idempotent statements that deliver what the purchase bought, scoped to its business. They
   * run in one batch with the purchase's paid mark, and again on any later confirmation, so a second
   * run must change nothing. They must also change nothing when the reference is already delivered
   * by another purchase: a duplicate payment (marked in the same batch) runs them too, and is refunded.
   */
  fulfil(db: Database, purchase: Purchase, now: Date): BatchItem<"sqlite">[];
  /**
   * Runs once, after the one call that turned the purchase paid (never on a replay): tells people
   * what the payment started. `origin` is the app's URL for the emails' links. A failure is logged
   * and does not undo the payment.
   */
  afterFulfil?(app: AppContext, purchase: Purchase, origin: string): Promise<void>;
  /**
   * Runs once per declined attempt of a charge of the card on file (never on a replay): tells the
   * payers. A failure is logged by the kind and changes nothing.
   */
  afterDecline?(
    app: AppContext,
    purchase: Purchase,
    card: { brand: string; last4: string } | null,
    origin: string | null,
  ): Promise<void>;
};

export type PurchasableRegistry = { [K in PurchaseKind]: Purchasable<K> };
