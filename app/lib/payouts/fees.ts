/**
 * The platform's fee on a deliverable: round-half-up of price × percent / 100, in whole cents
 * (integer arithmetic, so no floating-point rounding), and what the consultant is paid.
 */
export function platformFeeCents(chargedCents: number, percent: number): number {
  if (!Number.isInteger(chargedCents) || chargedCents < 0) throw new RangeError("chargedCents must be whole cents");
  if (!Number.isInteger(percent) || percent < 0 || percent > 100) throw new RangeError("percent must be 0–100");
  return Math.floor((chargedCents * percent + 50) / 100);
}

export function consultantShareCents(chargedCents: number, percent: number): number {
  return chargedCents - platformFeeCents(chargedCents, percent);
}
