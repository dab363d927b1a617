// The business's Stripe customer, kept on the business row with its plan and subscription.
import { eq } from "drizzle-orm";
import { businesses } from "~db/schema";
import { saveStripeCustomer } from "~/server/business/business-row.server";
import type { AppContext } from "~/server/load-context";
import type { CheckoutViewer } from "./checkout.server";
import { paymentProvider } from "./provider/factory.server";

/**
 * The business's Stripe customer: the stored one, or a new one (idempotency key
 * `customer-{businessId}`) saved with a conditional UPDATE so concurrent first checkouts keep one.
 */
export async function ensureCustomer(app: AppContext, viewer: CheckoutViewer): Promise<string> {
  const business = viewer.business;
  if (business.stripeCustomerId) return business.stripeCustomerId;
  const [fresh] = await app.db
    .select({ stripeCustomerId: businesses.stripeCustomerId })
    .from(businesses)
    .where(eq(businesses.id, business.id));
  if (fresh?.stripeCustomerId) return fresh.stripeCustomerId;

  const customer = await paymentProvider(app).createCustomer(
    { businessId: business.id, email: viewer.user.email, name: business.name },
    `customer-${business.id}`,
  );
  const saved = await saveStripeCustomer(app.db, business.id, customer.id, app.now());
  if (saved.length > 0) return customer.id;
  const [stored] = await app.db
    .select({ stripeCustomerId: businesses.stripeCustomerId })
    .from(businesses)
    .where(eq(businesses.id, business.id));
  return stored?.stripeCustomerId ?? customer.id;
}
