import {
  CONGRATULATIONS,
  CONGRATULATIONS_TITLE,
  PAYMENT_PENDING_MESSAGE,
  PAYMENT_PENDING_TITLE,
  type CongratulationsType,
} from "~/lib/payments/payment-copy";
import { PlainLayout } from "~/components/shell/plain-layout";
import { PaymentResultCard } from "./payment-result-card";

/** A one-off payment's return page: the congratulations card once paid, else an honest pending card. */
export function CongratulationsPage({ type, paid }: { type: CongratulationsType; paid: boolean }) {
  const card = CONGRATULATIONS[type];
  return (
    <PlainLayout signedIn>
      {paid ? (
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
