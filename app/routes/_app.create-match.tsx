import type { SubmissionResult } from "@conform-to/react";
import { RoleNotice, useMemberCan } from "~/components/business/role-gate";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { keepWizardOnOwnPosts, WizardFrame } from "~/components/ui/request-wizard";
import { CreateMatchWizard } from "~/components/matching/create-match/wizard";
import {
  pageForErrors,
  parseMatchPage,
  previousPage,
  schemaFor,
  type AttachedMatchFile,
  type CreateMatchActionData,
  type MatchFormPage,
} from "~/components/matching/create-match/wizard-data";
import { MAX_UPLOAD_REQUEST_BYTES } from "~/lib/files/file-rules";
import { CREATE_MATCH_TITLE } from "~/lib/matching/match-copy";
import { MatchWizardFormSchema, NOT_SURE_VALUE, wizardInput } from "~/lib/matching/match-schemas";
import { requireClientBusiness, type ClientViewer } from "~/http/guards.server";
import type { AppContext } from "~/server/load-context";
import { attachableFiles, createMatchRequest } from "~/server/matching/match-requests.server";
import { attachMatchUploads, matchUploadsRefusal } from "~/server/matching/match-uploads.server";
import { appOrigin } from "~/server/platform/app-origin.server";
import { fieldsWithErrors, formErrorReply } from "~/server/platform/form-reply.server";
import { readForm } from "~/http/http.server";
import { runIntent } from "~/http/route-kit.server";

export const meta: MetaFunction = () => [{ title: `${CREATE_MATCH_TITLE} | Partwise` }];

/**
 * /create-match (spec §2): the match request wizard. The loader makes the wizard's idempotency
 * key (the request's id) and names whose draft it keeps; one D1 round trip (the session).
 * Guarded like every `_app` page (client with a business).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireClientBusiness(context.app, request);
  return { requestId: crypto.randomUUID(), draftScope: `${viewer.user.id}:${viewer.business.id}` };
}

/** The stored names the form carries, as the business's attachable files (for the no-JS pages). */
async function filesOf(app: AppContext, viewer: ClientViewer, form: FormData): Promise<AttachedMatchFile[]> {
  const names = form.getAll("files").filter((name): name is string => typeof name === "string");
  return names.length > 0 ? attachableFiles(app, viewer.business.id, names) : [];
}

/** A reply whose values prefill the next page (the dropdowns of page 3 take pages 1 and 2's choices). */
function withValues(result: SubmissionResult<string[]>, values: Record<string, string>): SubmissionResult<string[]> {
  return { ...result, initialValue: { ...(result.initialValue ?? {}), ...values } };
}

/** A browser sends an empty, nameless part when no file was chosen: not a file. */
function chosenUploads(form: FormData): File[] {
  return form
    .getAll("upload")
    .filter((entry): entry is File => typeof entry !== "string" && (entry.name !== "" || entry.size > 0));
}

/**
 * intent=continue|notsure|back|review|retry: the no-JavaScript page turns (validate the page,
 * answer the next one); review (Finish) also attaches the files of page 3's plain file input
 * (attachMatchUploads, which stores them through the same uploadFiles as the upload API).
 * intent=create (Confirm): the whole request → createMatchRequest, the domain function the API
 * calls too. One function per intent (WIZARD_INTENTS).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const app = context.app;
  const viewer = await requireClientBusiness(app, request, "requestMatches");
  // Only a multipart post (the no-JS Finish with its files) may be as large as an upload.
  const body = await readForm(request, { multipartMaxBytes: MAX_UPLOAD_REQUEST_BYTES });
  if (!body.ok) return answer({ kind: "step", page: 1, result: formErrorReply(body.msg), files: [] }, body.status);
  const formData = body.form;
  const page = parseMatchPage(formData.get("page"));
  const step = async (to: MatchFormPage, result: SubmissionResult<string[]>, status = 200) =>
    answer({ kind: "step", page: to, result, files: await filesOf(app, viewer, formData) }, status);
  return runIntent(formData.get("intent"), WIZARD_INTENTS, otherPost, { app, viewer, request, formData, page, step });
}

const answer = (body: CreateMatchActionData, status = 200) => data<CreateMatchActionData>(body, { status });

/** What each of the wizard's posts is given. */
type WizardPost = {
  app: AppContext;
  viewer: ClientViewer;
  request: Request;
  formData: FormData;
  /** The page the post comes from. */
  page: MatchFormPage;
  /** Answers with the wizard on page `to` (the files attached so far listed again). */
  step: (to: MatchFormPage, result: SubmissionResult<string[]>, status?: number) => Promise<ReturnType<typeof answer>>;
};

/** Next on pages 1 and 2: the area, then the engagement type. */
async function continuePost({ formData, page, step }: WizardPost) {
  if (page !== 1 && page !== 2) return step(page, formErrorReply(), 400);
  const submission = parseWithZod(formData, { schema: schemaFor(page, "continue") });
  if (submission.status !== "success") return step(page, submission.reply(), 400);
  const value = submission.value as { area?: string; engagementType?: string };
  return page === 1
    ? step(2, withValues(submission.reply(), { category: value.area ?? "" }))
    : step(3, withValues(submission.reply(), { consultingType: value.engagementType ?? "" }));
}

/** "Not sure" on page 2: no engagement type, on to the details. */
async function notSurePost({ formData, step }: WizardPost) {
  const submission = parseWithZod(formData, { schema: schemaFor(2, "notsure") });
  return step(3, withValues(submission.reply(), { engagementType: "", consultingType: NOT_SURE_VALUE }));
}

async function backPost({ formData, page, step }: WizardPost) {
  const submission = parseWithZod(formData, { schema: schemaFor(page, "back") });
  return step(previousPage(page), submission.reply());
}

/** Try again after a failed Confirm: the review page as it was. */
async function retryPost({ formData, step }: WizardPost) {
  const submission = parseWithZod(formData, { schema: schemaFor(4, "back") });
  return step(4, submission.reply());
}

/**
 * Finish on page 3: the details and the number of files checked, then the chosen files attached
 * (attachMatchUploads: the matching domain's rules, uploadFiles' storage), then the review page.
 */
async function reviewPost({ app, viewer, formData, step }: WizardPost) {
  // Check first, then store: a refused Finish stores nothing (no R2 object, no files row).
  const chosen = { attachedCount: formData.getAll("files").length, uploads: chosenUploads(formData) };
  formData.delete("upload");
  const submission = parseWithZod(formData, { schema: schemaFor(3, "review") });
  const tooMany = matchUploadsRefusal(chosen);
  if (submission.status !== "success" || tooMany) {
    return step(3, tooMany ? submission.reply({ fieldErrors: { files: [tooMany.msg] } }) : submission.reply(), 400);
  }
  if (chosen.uploads.length === 0) return step(4, submission.reply());
  const attached = await attachMatchUploads(app, viewer, chosen);
  if (!attached.ok) return step(3, submission.reply({ fieldErrors: { files: [attached.msg] } }), 400);
  for (const fileName of attached.fileNames) formData.append("files", fileName);
  return step(4, parseWithZod(formData, { schema: schemaFor(3, "review") }).reply());
}

/** Confirm: the whole request to createMatchRequest, the domain function the API calls too. */
async function createPost({ app, viewer, request, formData, step }: WizardPost) {
  const submission = parseWithZod(formData, { schema: MatchWizardFormSchema });
  if (submission.status !== "success") {
    const fields = fieldsWithErrors(submission.error);
    return step(pageForErrors(fields), submission.reply(), 400);
  }
  let result: Awaited<ReturnType<typeof createMatchRequest>>;
  try {
    result = await createMatchRequest(app, viewer, wizardInput(submission.value), appOrigin(app, request));
  } catch (error) {
    console.error("create-match submit failed", error);
    return answer({ kind: "failed", result: submission.reply(), files: await filesOf(app, viewer, formData) }, 500);
  }
  if (!result.ok) {
    const fieldErrors = result.fieldErrors ?? {};
    return step(
      pageForErrors(Object.keys(fieldErrors)),
      submission.reply({ formErrors: [result.msg], fieldErrors }),
      result.status,
    );
  }
  return answer({ kind: "created", msg: result.msg, matchId: result.matchRequest._id }, result.created ? 201 : 200);
}

/** No button of the wizard posts this: say so on the page the post claims to come from. */
async function otherPost({ page, step }: WizardPost) {
  return step(page, formErrorReply(), 400);
}

const WIZARD_INTENTS = {
  continue: continuePost,
  notsure: notSurePost,
  back: backPost,
  retry: retryPost,
  review: reviewPost,
  create: createPost,
};

/** The wizard's own posts keep its requestId (the idempotency key); a new visit starts a new wizard. */
export const shouldRevalidate = keepWizardOnOwnPosts;

export default function CreateMatch() {
  const { requestId, draftScope } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as CreateMatchActionData | undefined;
  const may = useMemberCan();
  return (
    <WizardFrame eyebrow="Matching" title={CREATE_MATCH_TITLE} className="create-match-page">
      {/* A role that may not ask sees why instead of the wizard (docs/decisions/068). */}
      {!may("requestMatches") ? (
        <RoleNotice action="requestMatches" />
      ) : (
        <CreateMatchWizard key={requestId} requestId={requestId} draftScope={draftScope} actionData={actionData} />
      )}
    </WizardFrame>
  );
}
