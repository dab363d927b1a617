import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { PlainLayout } from "~/components/shell/plain-layout";
import {
  TEST_ONBOARDING_ACCOUNT_LABEL,
  TEST_ONBOARDING_BANNER,
  TEST_ONBOARDING_DONE,
  TEST_ONBOARDING_FIELDS as FIELDS,
  TEST_ONBOARDING_HINT,
  TEST_ONBOARDING_LEAVE,
  TEST_ONBOARDING_SUBMIT,
  TEST_ONBOARDING_TITLE,
} from "~/lib/payouts/payout-copy";
import {
  parseTestOnboarding,
  TEST_ONBOARDING_DEFAULTS,
  type TestOnboardingErrors,
  type TestOnboardingFields,
} from "~/lib/payouts/test-onboarding-form";
import type { AppContext } from "~/server/load-context";
import { appOrigin } from "~/server/platform/app-origin.server";
import { getLocalConnectAccount, submitLocalOnboarding } from "~/server/payments/stripe-fake/keyless.server";
import { handleConnectWebhook } from "~/server/payouts/accounts.server";
import { FORM_UNREADABLE_MESSAGE, readForm, seeOther } from "~/http/http.server";
import { notFound } from "~/http/route-kit.server";
import { usePendingPost } from "~/components/ui/pending-post";
import { Field } from "~/components/ui/field";

export const meta: MetaFunction = () => [
  { title: "Test onboarding | Partwise" },
  { name: "robots", content: "noindex" },
];

export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

/** Only while STRIPE_SECRET_KEY is unset (never in production, which requires the key). */
async function accountFor(app: AppContext, id: string | undefined) {
  if (app.env.STRIPE_SECRET_KEY || !id) throw notFound();
  const account = await getLocalConnectAccount(app, id);
  if (!account) throw notFound();
  return account;
}

/**
 * GET /test-onboarding/:accountId — the built-in stand-in for Stripe's hosted Express onboarding
 * (the local provider's Account Link url). Like an Account Link, holding the unguessable URL is
 * what lets one submit.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const account = await accountFor(context.app, params.id);
  return {
    account: {
      id: account.id,
      email: account.email,
      detailsSubmitted: account.details_submitted,
      returnUrl: account.onboarding.returnUrl,
    },
  };
}

type ActionData = { error?: string; errors?: TestOnboardingErrors; values?: Partial<TestOnboardingFields> };

/**
 * POST intent=submit: records the details on the test account, delivers the signed
 * account.updated to the Connect webhook handler (as Stripe does) and 303 to the return URL.
 * intent=leave: 303 to the return URL, nothing recorded (as leaving Stripe's onboarding does).
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const app = context.app;
  const account = await accountFor(app, params.id);
  const body = await readForm(request);
  if (!body.ok) return data<ActionData>({ error: FORM_UNREADABLE_MESSAGE }, { status: body.status });
  const form = Object.fromEntries(body.form);
  const back = account.onboarding.returnUrl ?? "/consultant/payouts";
  if (form.intent === "leave") return seeOther(back);
  if (form.intent !== "submit") return data<ActionData>({ error: FORM_UNREADABLE_MESSAGE }, { status: 400 });
  const parsed = parseTestOnboarding(form);
  if (!parsed.ok) {
    return data<ActionData>({ errors: parsed.errors, values: form as Partial<TestOnboardingFields> }, { status: 400 });
  }
  const origin = appOrigin(app, request);
  const next = await submitLocalOnboarding(app, account.id, parsed.value, (rawBody, header) =>
    handleConnectWebhook(app, rawBody, header, origin),
  );
  if (!next) throw notFound();
  return seeOther(next);
}

const FIELD_INPUTS: { name: keyof TestOnboardingFields; type: string; inputMode?: "numeric"; autoComplete: string }[] =
  [
    { name: "firstName", type: "text", autoComplete: "given-name" },
    { name: "lastName", type: "text", autoComplete: "family-name" },
    { name: "dob", type: "date", autoComplete: "bday" },
    { name: "ssnLast4", type: "text", inputMode: "numeric", autoComplete: "off" },
    { name: "routingNumber", type: "text", inputMode: "numeric", autoComplete: "off" },
    { name: "accountNumber", type: "text", inputMode: "numeric", autoComplete: "off" },
  ];

export default function TestOnboardingPage() {
  const { account } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const busy = usePendingPost() !== null;
  const errors = actionData?.errors ?? {};
  return (
    <PlainLayout>
      <section className="card test-checkout" aria-labelledby="test-onboarding-title">
        <h1 id="test-onboarding-title" className="test-checkout-title">
          {TEST_ONBOARDING_TITLE}
        </h1>
        <p className="test-checkout-note" role="note">
          {TEST_ONBOARDING_BANNER}
        </p>
        <p className="field-hint">
          {TEST_ONBOARDING_ACCOUNT_LABEL}: {account.id}
          {account.email ? ` (${account.email})` : ""}
        </p>
        {account.detailsSubmitted ? <p role="status">{TEST_ONBOARDING_DONE}</p> : null}
        {actionData?.error ? (
          <p className="form-error" role="alert">
            {actionData.error}
          </p>
        ) : null}
        <Form method="post" className="test-checkout-form" noValidate>
          <p className="field-hint">{TEST_ONBOARDING_HINT}</p>
          {FIELD_INPUTS.map((field) => {
            const id = `onboarding-${field.name}`;
            const error = errors[field.name];
            return (
              <Field key={field.name} id={id} label={FIELDS[field.name]} errors={error ? [error] : undefined}>
                {(control) => (
                  <input
                    {...control}
                    name={field.name}
                    type={field.type}
                    className="input"
                    inputMode={field.inputMode}
                    autoComplete={field.autoComplete}
                    defaultValue={actionData?.values?.[field.name] ?? TEST_ONBOARDING_DEFAULTS[field.name]}
                    required
                  />
                )}
              </Field>
            );
          })}
          <div className="button-row">
            <button type="submit" name="intent" value="submit" className="button button-primary" disabled={busy}>
              {TEST_ONBOARDING_SUBMIT}
            </button>
            <button type="submit" name="intent" value="leave" className="button button-ghost" disabled={busy}>
              {TEST_ONBOARDING_LEAVE}
            </button>
          </div>
        </Form>
      </section>
    </PlainLayout>
  );
}
