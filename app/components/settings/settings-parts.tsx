import type { SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import type { SettingsTab } from "~/lib/business/settings-schemas";
import { FormAlert } from "~/components/ui/form-alert";

/** What the /company-profile action answers: which form it was, Conform's reply, a success text. */
export type SettingsActionData = {
  intent: SettingsTab;
  result: SubmissionResult<string[]>;
  message: string | null;
};

/** The reply for this form, or undefined when the last action answered another form. */
export function resultFor(actionData: SettingsActionData | undefined, intent: SettingsTab) {
  return actionData?.intent === intent ? actionData.result : undefined;
}

/**
 * A form's outcome: the success text in a polite status region (always present, so screen
 * readers announce it when it appears) and form-level errors in an alert.
 */
export function FormOutcome({
  success,
  errors,
  errorId,
  children,
}: {
  success: string | null;
  errors: readonly string[] | undefined;
  errorId: string;
  children?: ReactNode;
}) {
  return (
    <>
      <div role="status" className={success ? "notice settings-success" : "settings-status-empty"}>
        {success ? (
          <>
            <p>{success}</p>
            {children}
          </>
        ) : null}
      </div>
      <FormAlert id={errorId} errors={errors} />
    </>
  );
}
