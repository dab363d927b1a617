import { and, eq, sql } from "drizzle-orm";
import { sessions, users, type Business } from "~db/schema";
import {
  BUSINESS_EXISTS_MESSAGE,
  STAFF_CANNOT_CREATE_BUSINESS_MESSAGE,
  type BusinessDetailsInput,
} from "~/lib/business/business-schemas";
import { NAICS_UNKNOWN_MESSAGE } from "~/lib/business/naics";
import { EMAIL_TAKEN_MESSAGE, type PersonalDetailsInput } from "~/lib/identity/signup-schemas";
import type { AppContext } from "~/server/load-context";
import { insertBusiness } from "~/server/business/business-row.server";
import { findNaics } from "~/server/business/naics.server";
import { hashPassword } from "./password.server";
import { limitByNetwork, SIGNUP_POLICY, TOO_MANY_ATTEMPTS_MESSAGE } from "~/server/platform/rate-limit.server";
import { createSession, viewerUserColumns, type Viewer } from "./session.server";
import { isEmailAvailable } from "./email-availability.server";
import { sendFirstVerificationLink } from "./email-verification.server";
import { appOrigin } from "~/server/platform/app-origin.server";

/**
 * Sign-up and business creation (spec §2 "Public and sign-up", §4 "Sign-up"). Used by the sign-up
 * pages' actions and by POST /api/client/auth/signup and POST /api/client/business/create, so the
 * pages and the JSON API cannot disagree. Inputs arrive already parsed by the shared Zod schemas
 * (app/lib/identity/signup-schemas.ts, app/lib/business/business-schemas.ts); this module adds the checks that
 * need the database or the NAICS data.
 */

export { isEmailAvailable };

export type RegisterClientResult =
  | { ok: true; user: Viewer["user"]; cookie: string }
  | { ok: false; status: 409; field: "email"; msg: string }
  | { ok: false; status: 429; field: null; msg: string };

/**
 * Creates a business client account and signs it in (spec §4: "After a successful sign-up the app
 * signs in with the same credentials"). Race-safe: the insert is `ON CONFLICT DO NOTHING
 * RETURNING` on the unique email index, so of two concurrent sign-ups with one email exactly one
 * gets a row back; the other is told the email is taken. The account starts unverified and a
 * verification link is emailed (docs/decisions/070).
 */
export async function registerClient(
  app: AppContext,
  request: Request,
  input: PersonalDetailsInput,
): Promise<RegisterClientResult> {
  const taken = { ok: false, status: 409, field: "email", msg: EMAIL_TAKEN_MESSAGE } as const;
  // Sign-ups per client network are limited: each one costs a password hash and can probe emails.
  const verdict = await limitByNetwork(app, request, "signup", {
    ...SIGNUP_POLICY,
    max: app.env.SIGNUP_LIMIT_PER_HOUR,
  });
  if (!verdict.allowed) return { ok: false, status: 429, field: null, msg: TOO_MANY_ATTEMPTS_MESSAGE };
  // Cheap early answer for the common case, before spending ~20 ms of CPU on PBKDF2.
  if (!(await isEmailAvailable(app, input.email))) return taken;

  const now = app.now();
  const user = {
    id: crypto.randomUUID(),
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phone,
    role: "client" as const,
    staffRole: null,
    // A new client proves the address by the link sent below (docs/decisions/070).
    emailVerified: false,
  };
  const { emailVerified: _unverified, ...row } = user;
  const inserted = await app.db
    .insert(users)
    .values({
      ...row,
      emailVerifiedAt: null,
      passwordHash: await hashPassword(input.password, app.env.PASSWORD_PEPPER),
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id })
    .all();
  if (inserted.length === 0) return taken;

  const { cookie } = await createSession(app, request, user.id);
  await sendFirstVerificationLink(app, user.id, appOrigin(app, request));
  return { ok: true, user, cookie };
}

export type CreateBusinessResult =
  | { ok: true; business: Business }
  | { ok: false; status: 400; field: "naics"; msg: string }
  | { ok: false; status: 403 | 409; msg: string };

/**
 * The signed-in client's business (spec §2 business details). One business per client: the
 * business domain's insert (insertBusiness) is `ON CONFLICT DO NOTHING RETURNING` on the unique
 * owner index, so a double submit or two tabs create one business and the other gets 409. Staff
 * accounts have no business (403). New businesses start on BASIC, member since this month;
 * numberOfEmployees is the band's median (EMPLOYEE_BAND_MEDIANS).
 */
export async function createClientBusiness(
  app: AppContext,
  viewer: Viewer,
  input: BusinessDetailsInput,
): Promise<CreateBusinessResult> {
  if (viewer.user.role !== "client") return { ok: false, status: 403, msg: STAFF_CANNOT_CREATE_BUSINESS_MESSAGE };
  // A member of other businesses who owns none may create their own (docs/decisions/068); one
  // owned business per person (the unique owner index answers a second one 409).
  if (viewer.member?.role === "owner") return { ok: false, status: 409, msg: BUSINESS_EXISTS_MESSAGE };
  if (!findNaics(input.naics)) return { ok: false, status: 400, field: "naics", msg: NAICS_UNKNOWN_MESSAGE };

  const now = app.now();
  const [insert, membership] = insertBusiness(app.db, viewer.user.id, input, now);
  // The session then works in the new business: only when this batch created it (its created_at).
  const works = app.db
    .update(sessions)
    .set({
      businessId: sql`(SELECT b.id FROM businesses b WHERE b.owner_user_id = ${viewer.user.id} AND b.created_at = ${now.getTime()})`,
    })
    .where(
      and(
        eq(sessions.id, viewer.sessionId),
        sql`EXISTS (SELECT 1 FROM businesses b WHERE b.owner_user_id = ${viewer.user.id} AND b.created_at = ${now.getTime()})`,
      ),
    );
  const [[business]] = await app.db.batch([insert, membership, works]);
  if (!business) return { ok: false, status: 409, msg: BUSINESS_EXISTS_MESSAGE };
  return { ok: true, business };
}

/**
 * Sets a user's name and phone (Settings → Personal, PUT /api/client/updateInfo). The sign-in email
 * is not changed here: it changes only through a confirmed link (email-change.server.ts).
 */
export async function updateNameAndPhone(
  app: AppContext,
  userId: string,
  input: { firstName: string; lastName: string; phone: string },
): Promise<Viewer["user"] | null> {
  const [user] = await app.db
    .update(users)
    .set({ firstName: input.firstName, lastName: input.lastName, phone: input.phone, updatedAt: app.now() })
    .where(eq(users.id, userId))
    .returning(viewerUserColumns);
  return user ?? null;
}
