import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { FormAlert } from "~/components/ui/form-alert";
import { PasswordInput } from "~/components/ui/password-input";
import { usePendingPost } from "~/components/ui/pending-post";
import {
  DELETE_TEXTS,
  PRIVACY_SCREENS,
  type DeletionPageData,
  type DeletionRefusal,
  type PrivacyOwnerKind,
} from "~/lib/privacy/privacy-copy";

/**
 * A deletion page's body (the business's, or a consultant's own account): the confirmation with
 * what the route's loader and refused post answered (app/http/privacy-routes.server.ts).
 */
export function DeletionPage({ kind }: { kind: PrivacyOwnerKind }) {
  const { blocker } = useLoaderData<DeletionPageData>();
  const answer = useActionData<DeletionRefusal>();
  return (
    <div className={PRIVACY_SCREENS[kind].pageClass}>
      <DataDeleteForm kind={kind} blocker={blocker} error={answer?.error ?? null} />
    </div>
  );
}

/**
 * The confirmation of a deletion (docs/decisions/069): what goes and what is kept, the reason it
 * cannot happen now if there is one, else the password and the button. A plain form post: it
 * works without JavaScript; a wrong password comes back with its message and nothing deleted.
 */
export function DataDeleteForm({
  kind,
  blocker,
  error,
}: {
  kind: PrivacyOwnerKind;
  blocker: string | null;
  error: string | null;
}) {
  const {
    deleteHeading: heading,
    deleteIntro: intro,
    confirmLabel,
    deletePath: action,
    sectionHref: cancelHref,
  } = PRIVACY_SCREENS[kind];
  const posting = usePendingPost(action) !== null;
  return (
    <section className="card stack" aria-labelledby="delete-account-title">
      <h1 id="delete-account-title">{heading}</h1>
      <p>{intro}</p>
      <p>
        <a href="/api/agreements/privacy-policy/">What we keep after a deletion, and for how long</a>
      </p>
      {blocker ? (
        <>
          <p className="notice" role="status">
            {blocker}
          </p>
          <p>
            <Link to={cancelHref} className="button button-secondary">
              {DELETE_TEXTS.cancel}
            </Link>
          </p>
        </>
      ) : (
        <Form method="post" action={action} className="stack" replace>
          <FormAlert id="delete-account-error" errors={error ? [error] : undefined} />
          <div className="field">
            <label htmlFor="delete-password">{DELETE_TEXTS.password}</label>
            <PasswordInput
              id="delete-password"
              label={DELETE_TEXTS.password}
              name="password"
              autoComplete="current-password"
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "delete-account-error" : undefined}
            />
          </div>
          <p className="button-row">
            <button type="submit" className="button button-danger" disabled={posting}>
              {confirmLabel}
            </button>
            <Link to={cancelHref} className="button button-secondary">
              {DELETE_TEXTS.cancel}
            </Link>
          </p>
        </Form>
      )}
    </section>
  );
}
