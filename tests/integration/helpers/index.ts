/**
 * Everything the integration tests share, from one import: sessions and requests against the
 * Worker (session.ts), the payment and QuickBooks stubs' controls (stripe.ts, intuit.ts) and the
 * rows a domain's tests start from (insight-requests.ts, insight-views.ts, password-reset.ts).
 */
export * from "./session";
export * from "./insight-requests";
export * from "./insight-views";
export * from "./intuit";
export * from "./password-reset";
export * from "./stripe";
export * from "./matching";
export * from "./engagements";
export * from "./notices";
export * from "./purchases";
export * from "./audit";
