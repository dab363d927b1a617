import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { desc, sql } from "drizzle-orm";
import * as z from "zod";
import { emailOutbox } from "~db/schema";
import { PlainLayout } from "~/components/shell/plain-layout";
import { Field } from "~/components/ui/field";
import { formatDateTime } from "~/lib/shared/dates";
import { emailTransportName } from "~/server/platform/email.server";
import { notFound } from "~/http/route-kit.server";

export const meta: MetaFunction = () => [{ title: "Local email outbox | Partwise" }];

/** The newest emails are enough for a person or a test reading their mail. */
const OUTBOX_PAGE_SIZE = 100;

/** ?to= shows one address's mail, as a person's own inbox would: a busy outbox never hides it. */
const OutboxQuery = z.object({ to: z.string().trim().toLowerCase().max(254).catch("") });

/**
 * /dev/outbox: the local mailbox. It exists only while emails go to the outbox transport (no
 * RESEND_API_KEY, which production requires); with a real provider it is a plain 404.
 */
export async function loader({ context, request }: LoaderFunctionArgs) {
  const app = context.app;
  if (emailTransportName(app) !== "outbox") throw notFound();
  const { to } = OutboxQuery.parse({ to: new URL(request.url).searchParams.get("to") ?? "" });
  const emails = await app.db
    .select({
      id: emailOutbox.id,
      to: emailOutbox.toAddress,
      from: emailOutbox.fromAddress,
      subject: emailOutbox.subject,
      kind: emailOutbox.kind,
      status: emailOutbox.status,
      text: emailOutbox.textBody,
      hasHtml: emailOutbox.htmlBody,
      createdAt: emailOutbox.createdAt,
    })
    .from(emailOutbox)
    .where(to ? sql`lower(${emailOutbox.toAddress}) = ${to}` : undefined)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(OUTBOX_PAGE_SIZE);
  return {
    to,
    emails: emails.map(({ hasHtml, createdAt, ...email }) => ({
      ...email,
      hasHtml: Boolean(hasHtml),
      createdAt: createdAt.toISOString(),
    })),
  };
}

export default function DevOutbox() {
  const { to, emails } = useLoaderData<typeof loader>();
  return (
    <PlainLayout>
      <section className="outbox" aria-labelledby="outbox-title">
        <h1 id="outbox-title">Local email outbox</h1>
        <p className="muted">
          Emails the app sent while running without an email provider, newest first. Nothing here left this machine.
        </p>
        <Form method="get" className="outbox-filter" role="search" aria-label="Emails to one address">
          <Field id="outbox-to" label="To" className="outbox-filter-to">
            {(control) => <input {...control} name="to" type="email" defaultValue={to} autoComplete="off" />}
          </Field>
          <button type="submit" className="button button-secondary">
            Show
          </button>
          {to ? <a href="/dev/outbox">Show all emails</a> : null}
        </Form>
        {emails.length === 0 ? (
          <p className="empty-state">{to ? `No emails to ${to}.` : "No emails yet."}</p>
        ) : (
          <ol className="outbox-list">
            {emails.map((email) => (
              <li key={email.id}>
                <article className="card outbox-email" aria-labelledby={`email-${email.id}`}>
                  <h2 id={`email-${email.id}`} className="outbox-subject">
                    {email.subject}
                  </h2>
                  <dl className="outbox-meta">
                    <div>
                      <dt>To</dt>
                      <dd>{email.to}</dd>
                    </div>
                    <div>
                      <dt>From</dt>
                      <dd>{email.from}</dd>
                    </div>
                    <div>
                      <dt>Kind</dt>
                      <dd>{email.kind}</dd>
                    </div>
                    <div>
                      <dt>Sent</dt>
                      <dd>
                        <time dateTime={email.createdAt}>{formatDateTime(email.createdAt)}</time>
                      </dd>
                    </div>
                  </dl>
                  <pre className="outbox-text">{email.text}</pre>
                  {email.hasHtml ? (
                    <p>
                      {/* A document of its own (strict CSP, sandboxed), not a client-side route. */}
                      <a href={`/dev/outbox/${email.id}`}>View the HTML version of “{email.subject}”</a>
                    </p>
                  ) : null}
                </article>
              </li>
            ))}
          </ol>
        )}
      </section>
    </PlainLayout>
  );
}
