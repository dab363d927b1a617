import {
  CONGRATULATIONS,
  CONGRATULATIONS_TITLE,
  DUPLICATE_PAYMENT_TITLE,
  PAYMENT_PENDING_MESSAGE,
  PAYMENT_PENDING_TITLE,
  type CongratulationsType,
} from "~/lib/payments/payment-copy";
import { PlainLayout } from "~/components/shell/plain-layout";
import { PaymentResultCard } from "./payment-result-card";

/**
 * A one-off payment's return page: the congratulations card once paid, the duplicate card when
 * this payment was a second one for what was already paid (refunded), else an honest pending card.
 */
export function CongratulationsPage({
  type,
  paid,
  duplicate = null,
}: {
  type: CongratulationsType;
  paid: boolean;
  /** The duplicate payment's message (DUPLICATE_PAYMENT_REFUNDED_MESSAGE), or null. */
  duplicate?: string | null;
}) {
  const card = CONGRATULATIONS[type];
  return (
    <PlainLayout signedIn>
      {duplicate ? (
        <PaymentResultCard
          title={DUPLICATE_PAYMENT_TITLE}
          message={duplicate}
          action={{ to: card.to, label: card.button }}
        />
      ) : paid ? (
        <PaymentResultCard
          title={CONGRATULATIONS_TITLE}
          message={card.message}
          action={{ to: card.to, label: card.button }}
          tone="success"
        />
      ) : (
        <PaymentResultCard
          title={PAYMENT_PENDING_TITLE}
          message={PAYMENT_PENDING_MESSAGE}
          action={{ to: "/dashboard", label: "Home" }}
        />
      )}
    </PlainLayout>
  );
}
