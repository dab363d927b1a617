import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { PlainLayout } from "~/components/shell/plain-layout";
import { SWITCHER_TEXTS } from "~/lib/business/switch-business";
import { loadMemberships } from "~/server/business/members.server";
import { BusinessDetailsForm } from "~/components/identity/signup/business-details-form";
import { NoticeBanner } from "~/components/ui/notice-banner";
import { BusinessDetailsSchema } from "~/lib/business/business-schemas";
import { createClientBusiness } from "~/server/identity/accounts.server";
import { homePathFor } from "~/server/identity/auth.server";
import { requireViewer } from "~/http/guards.server";
import { formErrorReply } from "~/server/platform/form-reply.server";
import { readForm } from "~/http/http.server";
import type { AppContext } from "~/server/load-context";
import { prefilledIndustry } from "~/server/business/naics.server";

export const meta: MetaFunction = () => [{ title: "Business details | Partwise" }];

/**
 * /signup-business (spec §2): where startup routing sends a client without a business, and where
 * a member of other businesses who owns none sets up their own (docs/decisions/068; the shell's
 * switcher links here). No session goes to `/`; anyone else (a client who owns a business, staff)
 * goes to their own home. Returns whether the person already belongs to a business.
 */
async function requireClientWithoutOwnBusiness(app: AppContext, request: Request) {
  const viewer = await requireViewer(app, request);
  const home = homePathFor(viewer);
  if (home === "/signup-business") return { viewer, member: false };
  if (viewer.user.role !== "client" || viewer.member?.role === "owner") throw redirect(home);
  const memberships = await loadMemberships(app, viewer.user.id);
  if (memberships.some((membership) => membership.role === "owner")) throw redirect(home);
  return { viewer, member: true };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { viewer, member } = await requireClientWithoutOwnBusiness(context.app, request);
  // A member of other businesses may go back to the one they work in.
  const back = member && viewer.business ? SWITCHER_TEXTS.backTo(viewer.business.name) : null;
  // The industry a visitor came from (an industry benchmark page), when it is a 2022 industry.
  const industry = prefilledIndustry(new URL(request.url));
  return { constraint: getZodConstraint(BusinessDetailsSchema), member, back, naics: industry?.code ?? null };
}

/** Creates the business (the same domain call as POST /api/client/business/create), then plan selection. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { viewer } = await requireClientWithoutOwnBusiness(context.app, request);
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
  const { constraint, member, back, naics } = useLoaderData<typeof loader>();
  return (
    <PlainLayout signedIn>
      {/* A member who left their only business lands here (?notice=left-business). */}
      <NoticeBanner />
      <section className="card signup-business" aria-labelledby="signup-business-title">
        {member ? null : <p className="signup-step">Step 2 of 3 · Your business</p>}
        <h1 id="signup-business-title" className="auth-title">
          Tell us about your business
        </h1>
        <p className="auth-lead signup-lead">
          We use these details to match you with consultants and to benchmark your company against its industry.
        </p>
        <BusinessDetailsForm lastResult={lastResult} constraint={constraint} naics={naics} />
        {back ? (
          <p className="signup-back">
            <Link to="/dashboard">{back}</Link>
          </p>
        ) : null}
      </section>
    </PlainLayout>
  );
}
