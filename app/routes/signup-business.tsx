import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PlainLayout } from "~/components/shell/plain-layout";
import { BusinessDetailsForm } from "~/components/identity/signup/business-details-form";
import { NoticeBanner } from "~/components/ui/notice-banner";
import { BusinessDetailsSchema } from "~/lib/business/business-schemas";
import { createClientBusiness } from "~/server/identity/accounts.server";
import { homePathFor } from "~/server/identity/auth.server";
import { requireViewer } from "~/http/guards.server";
import { formErrorReply } from "~/server/platform/form-reply.server";
import { readForm } from "~/http/http.server";
import type { AppContext } from "~/server/load-context";

export const meta: MetaFunction = () => [{ title: "Business details | Partwise" }];

/**
 * /signup-business (spec §2): where startup routing sends a client without a business. No session
 * goes to `/`; anyone else (a client who has a business, staff) goes to their own home.
 */
async function requireClientWithoutBusiness(app: AppContext, request: Request) {
  const viewer = await requireViewer(app, request);
  const home = homePathFor(viewer);
  if (home !== "/signup-business") throw redirect(home);
  return viewer;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireClientWithoutBusiness(context.app, request);
  return { constraint: getZodConstraint(BusinessDetailsSchema) };
}

/** Creates the business (the same domain call as POST /api/client/business/create), then plan selection. */
export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireClientWithoutBusiness(context.app, request);
  const body = await readForm(request);
  if (!body.ok) return data(formErrorReply(), { status: body.status });
  const submission = parseWithZod(body.form, { schema: BusinessDetailsSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await createClientBusiness(context.app, viewer, submission.value);
  if (!result.ok) {
    if ("field" in result) {
      return data(submission.reply({ fieldErrors: { [result.field]: [result.msg] } }), { status: result.status });
    }
    // Set up meanwhile (another tab) or not a client: startup routing knows where they belong.
    throw redirect(result.status === 409 ? "/dashboard" : "/");
  }
  throw redirect("/plan-select");
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function SignupBusiness() {
  const lastResult = useActionData<typeof action>();
  const { constraint } = useLoaderData<typeof loader>();
  return (
    <PlainLayout signedIn>
      {/* A member who left their only business lands here (?notice=left-business). */}
      <NoticeBanner />
      <section className="card signup-business" aria-labelledby="signup-business-title">
        <p className="signup-step">Step 2 of 3 · Your business</p>
        <h1 id="signup-business-title" className="auth-title">
          Tell us about your business
        </h1>
        <p className="auth-lead signup-lead">
          We use these details to match you with consultants and to benchmark your company against its industry.
        </p>
        <BusinessDetailsForm lastResult={lastResult} constraint={constraint} />
      </section>
    </PlainLayout>
  );
}
