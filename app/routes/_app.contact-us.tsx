import { parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ContactDetails } from "~/components/support/contact-details";
import { SupportForm } from "~/components/support/support-form";
import { SUPPORT_PAGE_TITLE, SUPPORT_SENT_NOTICE, SupportMessageSchema } from "~/lib/support/support-schemas";
import { requireClientBusiness } from "~/http/guards.server";
import { formErrorReply } from "~/server/platform/form-reply.server";
import { readForm } from "~/http/http.server";
import { sendSupportMessage } from "~/server/support/support.server";

export const meta: MetaFunction = () => [{ title: "Contact Us | Partwise" }];

/** /contact-us ('Need Help? We're here for you', spec §2). No user or business → / (the guard). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireClientBusiness(context.app, request);
  const { firstName, lastName, email, phone } = viewer.user;
  return { sender: { firstName, lastName, email, phone } };
}

/**
 * Stores the message, emails the support address and confirms to the client, then goes to the
 * dashboard, which shows the `support-sent` notice.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireClientBusiness(context.app, request);
  const body = await readForm(request);
  if (!body.ok) return data({ result: formErrorReply() }, { status: body.status });
  const submission = parseWithZod(body.form, { schema: SupportMessageSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  await sendSupportMessage(context.app, viewer, submission.value);
  throw redirect(`/dashboard?notice=${SUPPORT_SENT_NOTICE}`);
}

export default function ContactUs() {
  const { sender } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="page support-page">
      <header className="page-header">
        <div>
          <p className="eyebrow">Support</p>
          <h1>{SUPPORT_PAGE_TITLE}</h1>
        </div>
      </header>
      <div className="support-layout">
        <section className="card" aria-labelledby="support-form-title">
          <h2 id="support-form-title" className="card-title">
            Send us a message
          </h2>
          <SupportForm sender={sender} lastResult={actionData?.result} />
        </section>
        <ContactDetails />
      </div>
    </div>
  );
}
