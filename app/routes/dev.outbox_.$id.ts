import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { emailOutbox } from "~db/schema";
import { emailTransportName } from "~/server/platform/email.server";
import { notFound } from "~/http/route-kit.server";

/**
 * Email HTML may contain anything a template put there. It is served as its own document with no
 * scripts, no network access and a sandbox, so even a template bug cannot run code on this origin.
 */
export const EMAIL_PREVIEW_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";

function refuse(): never {
  throw notFound({ "Content-Type": "text/plain; charset=utf-8" });
}

/** /dev/outbox/{id}: the HTML part of one outbox email (local outbox transport only). */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const app = context.app;
  if (emailTransportName(app) !== "outbox") refuse();
  const id = params.id ?? "";
  if (!/^[0-9a-f-]{36}$/.test(id)) refuse();
  const row = await app.db.select({ html: emailOutbox.htmlBody }).from(emailOutbox).where(eq(emailOutbox.id, id)).get();
  if (!row?.html) refuse();
  return new Response(row.html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": EMAIL_PREVIEW_CSP,
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
