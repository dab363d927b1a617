import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

type PaymentResultCardProps = {
  /** 'Congratulations!', 'Order Canceled' …; the page's h1. */
  title: string;
  message: string;
  action: { to: string; label: string };
  tone?: "success" | "neutral";
  children?: ReactNode;
};

/** The cards of the payment return pages (spec §4): a heading, one sentence and one button. */
export function PaymentResultCard({ title, message, action, tone = "neutral", children }: PaymentResultCardProps) {
  return (
    <section className={`card payment-result payment-result-${tone}`} aria-labelledby="payment-result-title">
      <h1 id="payment-result-title">{title}</h1>
      <p className="payment-result-message">{message}</p>
      {children}
      <p>
        <Link to={action.to} className="button button-primary">
          {action.label}
        </Link>
      </p>
    </section>
  );
}
