// Ids in Stripe objects (pure): a field that is a plain id or an expanded object, and an invoice's
// subscription across API versions. Shared by the webhook, the subscriptions and the receipts.

/** An id field of a Stripe object, whether a plain id or an expanded object. */
export function stripeId(value: unknown): string | null {
  if (typeof value === "string" && value !== "") return value;
  if (value && typeof value === "object" && typeof (value as { id?: unknown }).id === "string") {
    return (value as { id: string }).id;
  }
  return null;
}

/**
 * An invoice's subscription id (pure): `subscription` in older API versions, or
 * `parent.subscription_details.subscription` since 2025-03-31; either may be expanded.
 */
export function invoiceSubscriptionId(invoice: Record<string, unknown>): string | null {
  const direct = stripeId(invoice.subscription);
  if (direct) return direct;
  const parent = invoice.parent as { subscription_details?: { subscription?: unknown } } | null | undefined;
  return stripeId(parent?.subscription_details?.subscription);
}
