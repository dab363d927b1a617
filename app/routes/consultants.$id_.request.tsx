import { getFormProps, useForm } from "@conform-to/react";
import type { ReactNode } from "react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { PlainLayout } from "~/components/shell/plain-layout";
import { PublicLayout } from "~/components/public/public-layout";
import { ConformField } from "~/components/ui/conform-field";
import { FormAlert } from "~/components/ui/form-alert";
import { usePendingPost } from "~/components/ui/pending-post";
import { matchingNextLink } from "~/components/matching/create-match/wizard";
import { businessDetailsPath, businessSignUpPath } from "~/lib/business/naics";
import { can } from "~/lib/business/permissions";
import { roleCannotText } from "~/lib/business/role-notice";
import { PUBLIC_PROFILE_TEXTS as T, publicProfilePath } from "~/lib/consultants/public-profile";
import {
  BUSINESS_AREA_LABEL,
  ENGAGEMENT_TYPE_LABEL,
  I_AM_NOT_SURE_LABEL,
  ISSUE_CAUSE_LABEL,
  ISSUE_CAUSE_PLACEHOLDER,
} from "~/lib/matching/match-copy";
import {
  areaLabel,
  ConsultantRequestSchema,
  engagementChoiceLabel,
  NOT_SURE_VALUE,
  wizardInput,
} from "~/lib/matching/match-schemas";
import { getClientBusiness, getViewer } from "~/server/identity/session.server";
import { requireClientBusiness, requirePermission } from "~/http/guards.server";
import { readForm } from "~/http/http.server";
import { forgetRequestedConsultant, rememberRequestedConsultant } from "~/http/requested-consultant.server";
import { notFound } from "~/http/route-kit.server";
import { loadRequestableConsultant } from "~/server/consultants/public-profiles.server";
import { requestConsultant } from "~/server/matching/consultant-requests.server";
import { appOrigin } from "~/server/platform/app-origin.server";
import { formErrorReply } from "~/server/platform/form-reply.server";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded ? `${T.requestTitle(loaded.consultant.name)} | Partwise` : "Partwise" },
  { name: "robots", content: "noindex" },
];

/**
 * /consultants/:id/request: "Request this consultant" (ADR 090). A client with a business tells
 * what they need and the match request is made naming the consultant (requestConsultant). A
 * visitor, or a client whose business is not set up yet, is asked to sign up or log in, and the
 * consultant is remembered in a cookie so the dashboard can bring them back here. A consultant
 * not shown in public is a 404. Two reads at once (the consultant, the session).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const app = context.app;
  const [consultant, viewer] = await Promise.all([
    loadRequestableConsultant(app, params.id ?? ""),
    getViewer(app, request),
  ]);
  if (!consultant) throw notFound();
  const client = viewer && viewer.user.role === "client" ? getClientBusiness(viewer) : null;
  const remember = { headers: { "Set-Cookie": rememberRequestedConsultant(consultant.consultantId) } };
  if (!viewer) return data({ state: "visitor" as const, consultant, requestId: null, refusal: null }, remember);
  if (viewer.user.role !== "client") {
    return { state: "other" as const, consultant, requestId: null, refusal: T.notABusiness };
  }
  if (!client) return data({ state: "setup" as const, consultant, requestId: null, refusal: null }, remember);
  const refusal = can(client.member.role, "requestMatches")
    ? null
    : roleCannotText(client.member.role, "requestMatches");
  return { state: "form" as const, consultant, requestId: crypto.randomUUID(), refusal };
}

// The loader's and the action's Set-Cookie (the remembered consultant) reach the answer on their own.
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/**
 * intent=request: the match request, once per requestId (a double click or a retry answers the
 * same request). intent=forget: the remembered consultant is dropped (the dashboard's "Forget
 * it", for any member). A member whose role may not ask gets the 403 of every such post.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const app = context.app;
  const viewer = await requireClientBusiness(app, request);
  const body = await readForm(request);
  if (!body.ok) return data({ kind: "form" as const, result: formErrorReply(body.msg) }, { status: body.status });
  const form = body.form;
  if (form.get("intent") === "forget") {
    throw redirect("/dashboard", { headers: { "Set-Cookie": forgetRequestedConsultant() } });
  }
  requirePermission(viewer, "requestMatches");
  if (form.get("intent") !== "request") {
    return data({ kind: "form" as const, result: formErrorReply() }, { status: 400 });
  }
  const submission = parseWithZod(form, { schema: ConsultantRequestSchema });
  if (submission.status !== "success") {
    return data({ kind: "form" as const, result: submission.reply() }, { status: 400 });
  }
  const result = await requestConsultant(
    app,
    viewer,
    params.id ?? "",
    wizardInput({ ...submission.value, files: [] }),
    appOrigin(app, request),
  );
  if (!result.ok) {
    if (result.status === 404) throw notFound();
    return data(
      { kind: "form" as const, result: submission.reply({ formErrors: [result.msg] }) },
      { status: result.status },
    );
  }
  return data(
    { kind: "sent" as const, matchId: result.matchRequest._id },
    { status: result.created ? 201 : 200, headers: { "Set-Cookie": forgetRequestedConsultant() } },
  );
}

export default function RequestConsultant() {
  const loaded = useLoaderData<typeof loader>();
  const { consultant } = loaded;
  const title = T.requestTitle(consultant.name);
  if (loaded.state === "visitor" || loaded.state === "setup") {
    const Layout = loaded.state === "visitor" ? PublicLayout : SignedInLayout;
    return (
      <Layout>
        <section className="card consultant-request" aria-labelledby="consultant-request-title">
          <h1 id="consultant-request-title">{title}</h1>
          <p className="muted">{consultant.headline}</p>
          <p>{T.requestSignUpLead}</p>
          <p className="public-call-actions">
            {loaded.state === "visitor" ? (
              <>
                <a className="button button-primary" href={businessSignUpPath()}>
                  {T.requestSignUp}
                </a>
                <a className="button button-secondary" href="/login">
                  {T.requestLogIn}
                </a>
              </>
            ) : (
              <a className="button button-primary" href={businessDetailsPath()}>
                Set up your business
              </a>
            )}
          </p>
          <p className="field-hint">{T.requestLater}</p>
          <p>
            <a href={publicProfilePath(consultant.consultantId)}>Back to {consultant.name}&apos;s profile</a>
          </p>
        </section>
      </Layout>
    );
  }
  return (
    <SignedInLayout>
      <section className="card consultant-request" aria-labelledby="consultant-request-title">
        <h1 id="consultant-request-title">{title}</h1>
        <p className="muted">{consultant.headline}</p>
        {loaded.state === "other" || loaded.refusal ? <p className="role-notice">{loaded.refusal}</p> : <RequestForm />}
        <p>
          <a href={publicProfilePath(consultant.consultantId)}>Back to {consultant.name}&apos;s profile</a>
        </p>
      </section>
    </SignedInLayout>
  );
}

function SignedInLayout({ children }: { children: ReactNode }) {
  return <PlainLayout signedIn>{children}</PlainLayout>;
}

function RequestForm() {
  const loaded = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const sending = usePendingPost() !== null;
  const { consultant } = loaded;
  const [form, fields] = useForm({
    id: "consultant-request-form",
    lastResult: reply?.kind === "form" ? reply.result : undefined,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ConsultantRequestSchema }),
    defaultValue: {
      category: consultant.businessAreas.length === 1 ? consultant.businessAreas[0] : "",
      consultingType: "",
    },
  });
  if (reply?.kind === "sent") {
    return (
      <div className="stack">
        <p className="profile-saved" role="status">
          {T.sent(consultant.name)}
        </p>
        <p>
          <a className="button button-primary" href={matchingNextLink(reply.matchId)}>
            See your match request
          </a>
        </p>
      </div>
    );
  }
  return (
    <Form method="post" {...getFormProps(form)} className="stack">
      <p>{consultant.takingWork ? T.requestLead(consultant.name) : T.notTakingWork(consultant.name)}</p>
      <input type="hidden" name="requestId" value={loaded.requestId ?? ""} />
      <FormAlert id={form.errorId} errors={form.errors} />
      <ConformField field={fields.issueCause} kind="textarea" label={ISSUE_CAUSE_LABEL}>
        {(props) => <textarea {...props} rows={5} placeholder={ISSUE_CAUSE_PLACEHOLDER} className="input" />}
      </ConformField>
      <ConformField field={fields.category} kind="select" label={BUSINESS_AREA_LABEL}>
        {(props) => (
          <select {...props} className="input">
            <option value="">Choose a business area</option>
            {consultant.businessAreas.map((key) => (
              <option key={key} value={key}>
                {areaLabel(key)}
              </option>
            ))}
          </select>
        )}
      </ConformField>
      <ConformField field={fields.consultingType} kind="select" label={ENGAGEMENT_TYPE_LABEL}>
        {(props) => (
          <select {...props} className="input">
            <option value="">Choose an engagement type</option>
            {consultant.engagementTypes.map((key) => (
              <option key={key} value={key}>
                {engagementChoiceLabel(key)}
              </option>
            ))}
            <option value={NOT_SURE_VALUE}>{I_AM_NOT_SURE_LABEL}</option>
          </select>
        )}
      </ConformField>
      <div className="settings-actions">
        <button type="submit" name="intent" value="request" className="button button-primary" disabled={sending}>
          {sending ? "Sending…" : T.request}
        </button>
      </div>
    </Form>
  );
}
