import { parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import {
  AboutSection,
  AvailabilitySection,
  BackgroundSection,
  ExpertiseSection,
  PhotoSection,
  PublicListingSection,
  RateSection,
  type SectionReply,
} from "~/components/consultant/profile-editor/sections";
import {
  AboutSectionSchema,
  availabilitySectionSchema,
  BackgroundSectionSchema,
  ExpertiseSectionSchema,
  PHOTO_MAX_BYTES,
  PROFILE_TEXTS,
  profileProgress,
  progressText,
  RateSectionSchema,
} from "~/lib/consultants/profile";
import { fullName } from "~/lib/shared/format";
import { ListingSchema, PUBLIC_PROFILE_TEXTS, publicProfilePath } from "~/lib/consultants/public-profile";
import { setPublicListing } from "~/server/consultants/public-profiles.server";
import {
  industrySectors,
  loadProfileEditor,
  saveProfilePhoto,
  saveProfileSection,
  submitProfile,
} from "~/server/consultants/profile.server";
import { requireRole } from "~/http/guards.server";
import { appOrigin } from "~/server/platform/app-origin.server";
import { formErrorReply } from "~/server/platform/form-reply.server";
import { isMultipartRequest, readForm } from "~/http/http.server";
import { runIntent } from "~/http/route-kit.server";
import type { AppContext } from "~/server/load-context";
import type { Viewer } from "~/server/identity/session.server";
import { PortalPageHeader } from "~/components/consultant/portal-layout";
import { usePendingPost } from "~/components/ui/pending-post";

export const meta: MetaFunction = () => [{ title: "Your profile | Consultant portal | Partwise" }];

/** /consultant/profile: the consultant's own profile editor (published profile overlaid by the draft). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireRole(context.app, request, "consultant", { anonymous: "login" });
  const editor = await loadProfileEditor(context.app, viewer.user.id);
  return { userId: viewer.user.id, ...editor, sectors: industrySectors() };
}

/** A section's multipart body may carry the photo, plus the form's own bytes. */
const PHOTO_BODY_MAX = PHOTO_MAX_BYTES + 64 * 1024;

const SECTION_SCHEMAS = {
  about: () => AboutSectionSchema,
  background: () => BackgroundSectionSchema,
  expertise: () => ExpertiseSectionSchema,
  rate: () => RateSectionSchema,
  availability: (today: string) => availabilitySectionSchema(today),
} as const;

const refuse = (intent: string, msg: string, status = 400) =>
  data({ intent, ok: false, msg, result: formErrorReply(msg) } satisfies SectionReply, { status });

/**
 * One form per section, told apart by `intent`: about/background/expertise/rate (into the draft),
 * availability (applied at once once published), photo (multipart), submit (send for review) and
 * listing (show the published profile in public, or stop).
 * Any unreadable body or unknown intent is a 400 with a form error. One function per intent
 * (PROFILE_INTENTS).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireRole(context.app, request, "consultant", { anonymous: "login" });
  const app = context.app;
  const multipart = isMultipartRequest(request);
  if (multipart) {
    const declared = Number(request.headers.get("Content-Length") ?? "0");
    if (declared > PHOTO_BODY_MAX) return refuse("photo", PROFILE_TEXTS.photoTooLarge);
  }
  const body = await readForm(request, { multipartMaxBytes: PHOTO_BODY_MAX });
  if (!body.ok) return refuse("", body.status === 413 && multipart ? PROFILE_TEXTS.photoTooLarge : body.msg);
  const formData = body.form;
  return runIntent(formData.get("intent"), PROFILE_INTENTS, otherPost, { app, viewer, request, formData });
}

/** What each of the profile's posts is given. */
type ProfilePost = { app: AppContext; viewer: Viewer; request: Request; formData: FormData };

async function photoPost({ app, viewer, formData }: ProfilePost) {
  const file = formData.get("photo");
  if (!(file instanceof File) || file.size === 0) return refuse("photo", PROFILE_TEXTS.photoRequired);
  const result = await saveProfilePhoto(app, viewer.user.id, new Uint8Array(await file.arrayBuffer()));
  return result.ok
    ? data({ intent: "photo", ok: true, msg: result.msg } satisfies SectionReply)
    : refuse("photo", result.msg);
}

/** Send the profile for review. */
async function submitPost({ app, viewer, request }: ProfilePost) {
  const name = fullName(viewer.user.firstName, viewer.user.lastName) || viewer.user.email;
  const result = await submitProfile(app, { id: viewer.user.id, name }, appOrigin(app, request));
  return result.ok
    ? data({ intent: "submit", ok: true, msg: result.msg } satisfies SectionReply)
    : refuse("submit", result.msg);
}

/** A section of SECTION_SCHEMAS: checked with its schema and saved (the draft; availability at once once published). */
async function sectionPost({ app, viewer, formData }: ProfilePost) {
  // runIntent sends only the sections' intents here.
  const intent = formData.get("intent") as keyof typeof SECTION_SCHEMAS;
  const today = app.now().toISOString().slice(0, 10);
  const schema = SECTION_SCHEMAS[intent](today);
  const submission = parseWithZod(formData, { schema, disableAutoCoercion: true });
  if (submission.status !== "success") {
    return data({ intent, ok: false, result: submission.reply() } satisfies SectionReply, { status: 400 });
  }
  const result = await saveProfileSection(app, viewer.user.id, submission.value);
  if (!result.ok) {
    const reply = result.field
      ? submission.reply({ fieldErrors: { [result.field]: [result.msg] } })
      : submission.reply({ formErrors: [result.msg] });
    return data({ intent, ok: false, msg: result.msg, result: reply } satisfies SectionReply, { status: 400 });
  }
  return data({ intent, ok: true, msg: result.msg, result: submission.reply() } satisfies SectionReply);
}

/** Show the published profile in public (show=yes) or stop (show=no). */
async function listingPost({ app, viewer, formData }: ProfilePost) {
  const parsed = ListingSchema.safeParse({ show: formData.get("show") });
  if (!parsed.success) return refuse("listing", PUBLIC_PROFILE_TEXTS.unknownListing);
  const result = await setPublicListing(app, viewer, parsed.data.show === "yes");
  return result.ok
    ? data({ intent: "listing", ok: true, msg: result.msg } satisfies SectionReply)
    : refuse("listing", result.msg, result.status);
}

/** No form of the page posts this. */
async function otherPost(_post: ProfilePost) {
  return refuse("", PROFILE_TEXTS.unknownIntent);
}

/** Every section of SECTION_SCHEMAS has its function (the satisfies clause checks it). */
const PROFILE_INTENTS = {
  photo: photoPost,
  submit: submitPost,
  listing: listingPost,
  about: sectionPost,
  background: sectionPost,
  expertise: sectionPost,
  rate: sectionPost,
  availability: sectionPost,
} satisfies Record<keyof typeof SECTION_SCHEMAS, unknown> & Record<string, unknown>;

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function ProfilePage() {
  const editor = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as SectionReply | undefined;
  const sending = usePendingPost() !== null;
  const progress = profileProgress(editor.fields);
  const submitted = editor.status === "submitted";
  // Once published, availability is not reviewed: it stays editable while other changes wait.
  const availabilityLocked = submitted && !editor.published;
  const submitReply = reply?.intent === "submit" ? reply : undefined;
  const formError = reply && reply.intent === "" ? reply.msg : undefined;
  const sections = { fields: editor.fields, reply };
  return (
    <div className="page profile-page">
      <PortalPageHeader title={"Your profile"} />

      {submitted ? (
        <div className="notice-banner" role="status">
          <p>{PROFILE_TEXTS.waitingForReview}</p>
        </div>
      ) : null}
      {editor.status === "changes_requested" ? (
        <div className="notice-banner profile-changes" role="status">
          <p>{PROFILE_TEXTS.changesRequested}</p>
          {editor.reviewNotes ? <blockquote className="profile-notes">{editor.reviewNotes}</blockquote> : null}
        </div>
      ) : null}
      {formError ? (
        <div role="alert" className="form-error">
          {formError}
        </div>
      ) : null}

      <section className="card profile-progress" aria-labelledby="profile-progress-title">
        <h2 id="profile-progress-title" className="card-title">
          {progressText(progress.done, progress.total)}
        </h2>
        <ul className="profile-progress-list">
          {progress.sections.map((section) => (
            <li key={section.key} className={section.done ? "is-done" : undefined}>
              <a href={`#profile-${section.key}`}>{section.label}</a>
              <span>{section.done ? "Done" : "Not done"}</span>
            </li>
          ))}
        </ul>
        {submitted ? <p className="field-hint">{PROFILE_TEXTS.lockedWhileSubmitted}</p> : null}
        {progress.complete && !submitted ? (
          <Form method="post" className="settings-actions">
            <input type="hidden" name="intent" value="submit" />
            <button type="submit" className="button button-primary" disabled={sending}>
              Send for review
            </button>
          </Form>
        ) : null}
        {submitReply ? (
          <p className={submitReply.ok ? "profile-saved" : "form-error"} role={submitReply.ok ? "status" : "alert"}>
            {submitReply.msg}
          </p>
        ) : null}
      </section>

      {editor.published ? (
        <PublicListingSection listing={editor.listing} publicPath={publicProfilePath(editor.userId)} reply={reply} />
      ) : null}
      <PhotoSection userId={editor.userId} hasPhoto={editor.hasDraftPhoto} reply={reply} locked={submitted} />
      <AboutSection {...sections} locked={submitted} />
      <BackgroundSection {...sections} locked={submitted} />
      <ExpertiseSection {...sections} locked={submitted} sectors={editor.sectors} />
      <RateSection {...sections} locked={submitted} />
      <AvailabilitySection {...sections} locked={availabilityLocked} />
    </div>
  );
}
