// Stripe's test card numbers the keyless hosted pages (/test-checkout, /test-invoice,
// /test-billing-portal) read, and the card number check they share.

/** Declined at once (Stripe's generic decline). */
export const DECLINED_CARD = "4000000000000002";

/** Paid and saved, then declined when charged again later (Stripe's 4000 0000 0000 0341). */
export const DECLINES_LATER_CARD = "4000000000000341";

/** The digits of a typed card number (spaces and dashes dropped). */
export const cardDigits = (value: FormDataEntryValue | null) => String(value ?? "").replace(/[\s-]/g, "");

/** Whether the digits could be a card number: 13 to 19 digits passing the Luhn check. */
export function isCardNumber(digits: string): boolean {
  if (!/^\d{13,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
