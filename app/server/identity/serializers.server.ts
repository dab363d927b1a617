import type { BusinessExtras } from "./business-entity.server";
import type { Viewer } from "./session.server";

/** The client-facing user of spec §3 (`_id`, never the hash or role internals beyond `role`). */
export function toClientUser(user: Viewer["user"]) {
  return {
    _id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    role: user.role,
  };
}

/**
 * The client-facing business of spec §3: the businesses row plus its extras (the accounting
 * connection's realmId, never a token; benchmarking years; events), which the caller reads in
 * its own batch (business-entity.server.ts).
 */
export function toClientBusiness(business: NonNullable<Viewer["business"]>, ownerRole: string, extras: BusinessExtras) {
  return {
    _id: business.id,
    name: business.name,
    city: business.city,
    state: business.state,
    employeeCount: business.employeeBand,
    numberOfEmployees: business.numberOfEmployees,
    revenue: business.revenueBand,
    naics: Number(business.naics),
    clientRole: business.clientRole,
    createdBy: { role: ownerRole },
    memberTier: business.memberTier,
    memberSince: business.memberSince,
    stripeId: business.stripeCustomerId ?? null,
    quickbooks: extras.quickbooks,
    naicsReport: extras.naicsReport,
    benchmarking: extras.benchmarking,
    insightMarketingPreferences: business.insightPreferences,
    events: extras.events,
  };
}
