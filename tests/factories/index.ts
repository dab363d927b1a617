import type { BusinessMemberRole } from "~db/enums";
import { businessMembers } from "~db/schema";
import { createUser, db, signedIn } from "../integration/helpers/session";

/**
 * Typed factories for the integration tests. Every account is verified (docs/decisions/070) unless
 * `unverified: true` says otherwise. Each returns rows whose types say what the test can
 * rely on: a client always has a business, so a test reads `business.id` without a non-null
 * assertion. They are built on the support helpers (one password hash per file, unique ids).
 */

type Created = Awaited<ReturnType<typeof createUser>>;
type Business = NonNullable<Created["business"]>;
export type TestClient = Omit<Created, "business"> & { business: Business };
export type SignedInClient = TestClient & { token: string };

function withBusiness<T extends { business: Business | null }>(created: T): T & { business: Business } {
  const { business } = created;
  if (!business) throw new Error("a client factory made a user without a business");
  return { ...created, business };
}

/** A client user (password PASSWORD) who owns a business. */
export async function createClient(options: { email?: string; unverified?: boolean } = {}): Promise<TestClient> {
  return withBusiness(await createUser({ ...options, withBusiness: true }));
}

/** A client who owns a business, signed in: `token` is the session cookie's value. */
export async function signedInClient(options: { email?: string; unverified?: boolean } = {}): Promise<SignedInClient> {
  return withBusiness(await signedIn({ ...options, withBusiness: true }));
}

/** A staff member (no business), signed in: an admin unless `staffRole` says manager. */
export function signedInManager(
  options: { email?: string; staffRole?: "admin" | "manager"; unverified?: boolean } = {},
) {
  return signedIn({ ...options, role: "manager" });
}

/** A consultant (no business), signed in. */
export function signedInConsultant(options: { email?: string; unverified?: boolean } = {}) {
  return signedIn({ ...options, role: "consultant" });
}

/** Someone already signed up (a client without a business of their own), made a member of `businessId`. */
export async function signedInMember(businessId: string, role: BusinessMemberRole) {
  const created = await signedIn({ role: "client" });
  await db().insert(businessMembers).values({ businessId, userId: created.user.id, role });
  return created;
}

/** One business with a signed-in person in each role: its owner, an admin, a member and a viewer. */
export async function signedInTeam() {
  const owner = await signedInClient();
  const businessId = owner.business.id;
  const [admin, member, viewer] = await Promise.all(
    (["admin", "member", "viewer"] as const).map((role) => signedInMember(businessId, role)),
  );
  return { business: owner.business, owner, admin, member, viewer };
}
