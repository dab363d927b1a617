import { ITEM_UPDATE_FAILED, ITEM_UPDATE_FAILED_TITLE } from "~/lib/engagements/engagement-copy";

/**
 * What a deliverable's form says when it did not go through: the spec's ITEM_UPDATE_FAILED texts
 * when the server could not save (`failed`), else the form's own errors (a refusal), one paragraph
 * each. The review, the dispute and the prepayment share it.
 */
export function DeliverableFormAlert({
  failed,
  errors,
  errorId,
}: {
  failed: boolean;
  errors: readonly string[] | null | undefined;
  errorId?: string;
}) {
  if (failed)
    return (
      <div role="alert" className="form-error">
        <p className="notice-title">{ITEM_UPDATE_FAILED_TITLE}</p>
        <p>{ITEM_UPDATE_FAILED}</p>
      </div>
    );
  if (!errors?.length) return null;
  return (
    <div id={errorId} role="alert" className="form-error">
      {errors.map((error) => (
        <p key={error}>{error}</p>
      ))}
    </div>
  );
}
