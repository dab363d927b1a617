import { data, redirect } from "@remix-run/cloudflare";
import { readForm } from "~/http/http.server";
import { DELETE_TEXTS, PRIVACY_SCREENS, type DeletionRefusal, type PrivacyOwnerKind } from "~/lib/privacy/privacy-copy";
import { DeleteConfirmSchema } from "~/lib/privacy/privacy-schemas";
import { signOut } from "~/server/identity/auth.server";
import type { AppContext } from "~/server/load-context";
import { requestExport, type ExportOwner } from "~/server/privacy/data-exports.server";
import type { DeletionAsk } from "~/server/privacy/deletion.server";

/**
 * The HTTP side of "Your data" (docs/decisions/069), the same for the business and a consultant:
 * the routes guard (each its own way) and name the owner; these turn the privacy domain's answers
 * into responses.
 */

/**
 * A deletion's confirmation post. An unreadable form or a missing password is the wrong password
 * (400); a refusal answers its message (400 for the password, 409 for a blocker), nothing changed;
 * otherwise the deletion is recorded and the person signed out onto the login page, which says
 * what was deleted.
 */
export async function deletionPost(
  app: AppContext,
  request: Request,
  kind: PrivacyOwnerKind,
  ask: (password: string) => Promise<DeletionAsk>,
) {
  const body = await readForm(request);
  const parsed = body.ok ? DeleteConfirmSchema.safeParse(Object.fromEntries(body.form)) : null;
  if (!parsed?.success) return data<DeletionRefusal>({ error: DELETE_TEXTS.wrongPassword }, { status: 400 });
  const result = await ask(parsed.data.password);
  if (!result.ok) {
    return data<DeletionRefusal>({ error: result.message }, { status: result.reason === "wrong_password" ? 400 : 409 });
  }
  throw redirect(PRIVACY_SCREENS[kind].deletedPath, { headers: { "Set-Cookie": await signOut(app, request) } });
}

/** An export's request: an open one is reused (a double click builds one); back to the section, which shows the progress. */
export async function exportPost(
  app: AppContext,
  kind: PrivacyOwnerKind,
  owner: ExportOwner,
  requester: Parameters<typeof requestExport>[2],
): Promise<never> {
  await requestExport(app, owner, requester);
  throw redirect(PRIVACY_SCREENS[kind].sectionHref);
}

/** A GET of an export route goes to the section. */
export function toDataSection(kind: PrivacyOwnerKind): never {
  throw redirect(PRIVACY_SCREENS[kind].sectionHref);
}
