// The consultant a visitor asked for from a public profile, kept in a cookie while they sign up
// or log in (ADR 090): the dashboard reminds them to finish the request. Only an id that could
// be a consultant's (PUBLIC_PROFILE_ID) is read back; the request page checks it is still shown.
import {
  PUBLIC_PROFILE_ID,
  REQUESTED_CONSULTANT_COOKIE,
  REQUESTED_CONSULTANT_MAX_AGE,
} from "~/lib/consultants/public-profile";

const ATTRIBUTES = "Path=/; HttpOnly; Secure; SameSite=Lax";

/** The remembered consultant's id, or null. */
export function requestedConsultantOf(request: Request): string | null {
  const header = request.headers.get("Cookie") ?? "";
  for (const part of header.split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name !== REQUESTED_CONSULTANT_COOKIE) continue;
    // Ids need no encoding: anything else (a mangled or forged value) is no choice at all.
    const id = value.join("=");
    return PUBLIC_PROFILE_ID.test(id) ? id : null;
  }
  return null;
}

/** Remembers the consultant for 30 days. */
export function rememberRequestedConsultant(consultantId: string): string {
  return `${REQUESTED_CONSULTANT_COOKIE}=${consultantId}; Max-Age=${REQUESTED_CONSULTANT_MAX_AGE}; ${ATTRIBUTES}`;
}

/**
 * The headers of a sign-out: the session's cleared cookie, and the remembered consultant
 * forgotten (the next person to sign in on this device did not choose them).
 */
export function signedOutHeaders(sessionCookie: string): Headers {
  const headers = new Headers();
  headers.append("Set-Cookie", sessionCookie);
  headers.append("Set-Cookie", forgetRequestedConsultant());
  return headers;
}

/** Forgets it (the request was made, or the person said so). */
export function forgetRequestedConsultant(): string {
  return `${REQUESTED_CONSULTANT_COOKIE}=; Max-Age=0; ${ATTRIBUTES}`;
}
