import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthLayout } from "~/components/identity/auth-layout";
import { PersonalDetailsForm } from "~/components/identity/signup/personal-details-form";
import { PersonalDetailsSchema } from "~/lib/identity/signup-schemas";
import { registerClient } from "~/server/identity/accounts.server";
import { homePathFor } from "~/server/identity/auth.server";
import { formErrorReply } from "~/server/platform/form-reply.server";
import { readForm } from "~/http/http.server";
import { getViewer } from "~/server/identity/session.server";
import { businessDetailsPath } from "~/lib/business/naics";
import { prefilledIndustry } from "~/server/business/naics.server";

export const meta: MetaFunction = () => [{ title: "Let's Get Started | Partwise" }];

const HIDDEN_FIELDS = ["password", "confirmPassword"];

/**
 * /Signup/client-personal-details and /signup/client-personal-details (spec §2; route matching is
 * case-insensitive, so one route serves both). A signed-in visitor goes to their home.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await getViewer(context.app, request);
  if (viewer) throw redirect(homePathFor(viewer));
  return { constraint: getZodConstraint(PersonalDetailsSchema) };
}

/** Creates the account (the same domain call as POST /api/client/auth/signup), signs in, and goes on to business details. */
export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await getViewer(context.app, request);
  if (viewer) throw redirect(homePathFor(viewer));
  const body = await readForm(request);
  if (!body.ok) return data(formErrorReply(), { status: body.status });
  const submission = parseWithZod(body.form, { schema: PersonalDetailsSchema });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: HIDDEN_FIELDS }), { status: 400 });
  }
  const result = await registerClient(context.app, request, submission.value);
  if (!result.ok) {
    const errors = result.field ? { fieldErrors: { [result.field]: [result.msg] } } : { formErrors: [result.msg] };
    return data(submission.reply({ ...errors, hideFields: HIDDEN_FIELDS }), { status: result.status });
  }
  // The industry a visitor came from (an industry benchmark page) goes on to the business details.
  const next = businessDetailsPath(prefilledIndustry(new URL(request.url))?.code ?? null);
  throw redirect(next, { headers: { "Set-Cookie": result.cookie } });
}

export default function ClientPersonalDetails() {
  const lastResult = useActionData<typeof action>();
  const { constraint } = useLoaderData<typeof loader>();
  return (
    <AuthLayout>
      <div className="auth-card auth-card-wide">
        <p className="signup-step">Step 1 of 3 · Your details</p>
        <h1 className="auth-title">Let&apos;s Get Started</h1>
        <PersonalDetailsForm lastResult={lastResult} constraint={constraint} />
        <p className="auth-footer">
          <Link to="/">Already have an account? Sign in!</Link>
        </p>
      </div>
    </AuthLayout>
  );
}
