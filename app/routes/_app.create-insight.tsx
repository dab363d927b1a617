import { parseWithZod } from "@conform-to/zod/v4";
import { RoleNotice, useMemberCan } from "~/components/business/role-gate";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { keepWizardOnOwnPosts, WizardFrame } from "~/components/ui/request-wizard";
import * as z from "zod";
import {
  CategoryPageSchema,
  OverviewPageSchema,
  pageForErrors,
  parsePage,
  type CreateInsightActionData,
  type InsightPricing,
} from "~/components/insights/create-insight/wizard-data";
import { CreateInsightWizard } from "~/components/insights/create-insight/wizard";
import { EMPLOYEE_OPTIONS } from "~/lib/business/business-schemas";
import { revenueBandLabel } from "~/lib/shared/format";
import {
  CREATE_INSIGHT_TITLE,
  INSIGHT_SUBMIT_FAILED_MESSAGE,
  InsightRequestFormSchema,
} from "~/lib/insights/insight-schemas";
import { PAYMENT_START_FAILED_MESSAGE } from "~/lib/payments/payment-copy";
import { INSIGHT_PRICE_CENTS } from "~/lib/payments/plans";
import { formatMoney } from "~/lib/shared/numbers";
import { type ClientViewer, requireClientBusiness, requireIntentPermission } from "~/http/guards.server";
import type { BusinessAction } from "~/lib/business/permissions";
import { fieldsWithErrors, formErrorReply } from "~/server/platform/form-reply.server";
import { readForm } from "~/http/http.server";
import { runIntent } from "~/http/route-kit.server";
import type { AppContext } from "~/server/load-context";
import { createInsightRequest, getInsightAllowance } from "~/server/insights/insight-requests.server";
import { startInsightCheckout } from "~/server/payments/checkout.server";
import { appOrigin } from "~/server/platform/app-origin.server";

export const meta: MetaFunction = () => [{ title: `${CREATE_INSIGHT_TITLE} | Partwise` }];

/**
 * /create-insight (spec §2): the four-page insight request wizard. The loader prefills annual
 * sales and employees from the business's bands, says whether this month's plan allowance
 * covers a request, and makes the wizard's idempotency key (the request's id).
 * Guarded like every `_app` page (client with a business).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const app = context.app;
  const viewer = await requireClientBusiness(app, request);
  const business = viewer.business;
  let pricing: InsightPricing = {
    covered: false,
    remaining: 0,
    included: 0,
    priceLabel: formatMoney(INSIGHT_PRICE_CENTS),
  };
  try {
    const allowance = await getInsightAllowance(app, business, app.now());
    pricing = {
      ...pricing,
      covered: allowance.remaining > 0,
      remaining: allowance.remaining,
      included: allowance.included,
    };
  } catch (error) {
    // The server decides coverage on submit anyway; the page just shows the price.
    console.error("create-insight allowance failed", error);
  }
  return {
    requestId: crypto.randomUUID(),
    draftScope: `${viewer.user.id}:${business.id}`,
    defaults: {
      annualSales: revenueBandLabel(business.revenueBand),
      numEmployees:
        EMPLOYEE_OPTIONS.find((option) => option.value === business.employeeBand)?.label ?? business.employeeBand,
    },
    pricing,
  };
}

const PaySchema = z.object({ insightId: z.string().trim().min(1).max(100) });

/**
 * intent=continue|back: the no-JavaScript page turns (validate the page, answer the next one).
 * intent=create: the whole request → createInsightRequest (same domain function as the API).
 * intent=pay: startInsightCheckout → redirect to the checkout url. One function per intent
 * (WIZARD_INTENTS).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const app = context.app;
  const viewer = await requireClientBusiness(app, request);
  const body = await readForm(request);
  if (!body.ok) return answer({ kind: "step", page: 1, result: formErrorReply() }, body.status);
  const formData = body.form;
  const page = parsePage(formData.get("page"));
  requireIntentPermission(viewer, formData.get("intent"), WIZARD_PERMISSIONS, "requestInsights");
  return runIntent(formData.get("intent"), WIZARD_INTENTS, otherPost, { app, viewer, request, formData, page });
}

const answer = (body: CreateInsightActionData, status = 200) => data<CreateInsightActionData>(body, { status });

/** What each of the wizard's posts is given; `page` is the page the post comes from. */
type WizardPost = {
  app: AppContext;
  viewer: ClientViewer;
  request: Request;
  formData: FormData;
  page: ReturnType<typeof parsePage>;
};

async function continuePost({ formData, page }: WizardPost) {
  const submission = parseWithZod(formData, { schema: page === 1 ? CategoryPageSchema : OverviewPageSchema });
  if (submission.status !== "success") return answer({ kind: "step", page, result: submission.reply() }, 400);
  return answer({ kind: "step", page: page === 1 ? 2 : 3, result: submission.reply() });
}

async function backPost({ formData, page }: WizardPost) {
  const submission = parseWithZod(formData, { schema: z.object({}) });
  return answer({ kind: "step", page: page === 3 ? 2 : 1, result: submission.reply() });
}

async function createPost({ app, viewer, formData }: WizardPost) {
  const submission = parseWithZod(formData, { schema: InsightRequestFormSchema });
  if (submission.status !== "success") {
    const fields = fieldsWithErrors(submission.error);
    return answer({ kind: "step", page: pageForErrors(fields), result: submission.reply() }, 400);
  }
  let result: Awaited<ReturnType<typeof createInsightRequest>>;
  try {
    result = await createInsightRequest(app, viewer, submission.value);
  } catch (error) {
    console.error("create-insight submit failed", error);
    return answer(
      { kind: "step", page: 3, result: submission.reply({ formErrors: [INSIGHT_SUBMIT_FAILED_MESSAGE] }) },
      500,
    );
  }
  if (!result.ok) {
    const fieldErrors = result.fieldErrors ?? {};
    return answer(
      {
        kind: "step",
        page: pageForErrors(Object.keys(fieldErrors)),
        result: submission.reply({ formErrors: [result.msg], fieldErrors }),
      },
      result.status,
    );
  }
  const created = result.request;
  return answer({
    kind: "created",
    request: { id: created._id, coveredByPlan: created.coveredByPlan, paymentComplete: created.paymentComplete },
    payError: null,
  });
}

async function payPost({ app, viewer, request, formData }: WizardPost) {
  const parsed = PaySchema.safeParse({ insightId: formData.get("insightId") });
  if (!parsed.success) throw data({ msg: "Insight not found." }, { status: 404 });
  const insightId = parsed.data.insightId;
  const unpaid = { id: insightId, coveredByPlan: false, paymentComplete: false };
  let started: Awaited<ReturnType<typeof startInsightCheckout>>;
  try {
    started = await startInsightCheckout(app, viewer, insightId, appOrigin(app, request));
  } catch (error) {
    console.error("create-insight checkout failed", error);
    return answer({ kind: "created", request: unpaid, payError: PAYMENT_START_FAILED_MESSAGE }, 502);
  }
  if (started.ok) return redirect(started.url);
  return answer({ kind: "created", request: unpaid, payError: started.msg }, started.status);
}

/** No button of the wizard posts this: say so on the page the post claims to come from. */
async function otherPost({ page }: WizardPost) {
  return answer({ kind: "step", page, result: formErrorReply() }, 400);
}

const WIZARD_INTENTS = { continue: continuePost, back: backPost, create: createPost, pay: payPost };
/** What each intent is for the business (app/lib/business/permissions.ts). */
const WIZARD_PERMISSIONS = {
  continue: "requestInsights",
  back: "requestInsights",
  create: "requestInsights",
  pay: "pay",
} as const satisfies Record<keyof typeof WIZARD_INTENTS, BusinessAction>;

/** The wizard's own posts keep its requestId (the idempotency key); a new visit starts a new wizard. */
export const shouldRevalidate = keepWizardOnOwnPosts;

export default function CreateInsight() {
  const { requestId, draftScope, defaults, pricing } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as CreateInsightActionData | undefined;
  const may = useMemberCan();
  return (
    <WizardFrame eyebrow="Insights" title={CREATE_INSIGHT_TITLE}>
      {/* A role that may not ask sees why instead of the wizard (docs/decisions/068). */}
      {!may("requestInsights") ? (
        <RoleNotice action="requestInsights" />
      ) : (
        <CreateInsightWizard
          key={requestId}
          requestId={requestId}
          draftScope={draftScope}
          defaults={defaults}
          pricing={pricing}
          actionData={actionData}
        />
      )}
    </WizardFrame>
  );
}
