import type { ReactNode } from "react";
import { FieldErrors } from "./field-errors";

/** What a field gives its control, so the control is named by its label and described by its hint or errors. */
export type ControlWiring = {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

export type FieldProps = {
  /** The control's id (a Conform field's `id`). */
  id: string;
  label: ReactNode;
  /**
   * A line under the control (or above it: `hintPlacement`) saying what to enter; it gives way to
   * the errors while they show.
   */
  hint?: ReactNode;
  errors?: readonly string[] | null;
  /** By default `<id>-error` and `<id>-hint` (a Conform field's `errorId` and `descriptionId`). */
  errorId?: string;
  hintId?: string;
  /**
   * What the hint does while errors show: by default it gives way to them (`"hidden"`); `"shown"`
   * keeps it, the control described by the errors alone; `"described"` keeps it, the control
   * described by the hint and then the errors (in the order they read on the page, whatever the
   * hint's placement: screen readers read the description after the name, and a hint saying what
   * to enter reads best before the message saying what is wrong).
   */
  hintWithErrors?: "hidden" | "shown" | "described";
  /**
   * The control is invalid though its message shows elsewhere (a form's message, named in
   * `describedBy`): `aria-invalid` without errors of its own.
   */
  invalid?: boolean;
  /** The hint changes as the person types (such as a character count): screen readers say it again. */
  liveHint?: boolean;
  /** Where the hint shows: under the control (the default) or between the label and the control. */
  hintPlacement?: "below" | "above";
  /** More of the field after the errors, such as a note or a link. */
  after?: ReactNode;
  /** The id of an element in `after` that also describes the control, last in its `aria-describedby`. */
  afterId?: string;
  /**
   * More ids that describe the control, after the hint and errors and before `afterId`: elements
   * outside the field, such as a form's message or a live counter.
   */
  describedBy?: string | readonly (string | false | null | undefined)[];
  /** Classes beside `field`. */
  className?: string;
  /** The control, given its wiring to spread last: `(control) => <input … {...control} />`. */
  children: (control: ControlWiring) => ReactNode;
};

/**
 * One form field, the same in every form: its label, its control, its hint and its errors, with
 * the control's `aria-invalid` and `aria-describedby` pointing at whichever of the two shows.
 */
export function Field({
  id,
  label,
  hint,
  errors,
  errorId,
  hintId,
  hintWithErrors = "hidden",
  hintPlacement = "below",
  liveHint = false,
  invalid: invalidElsewhere = false,
  after,
  afterId,
  describedBy,
  className,
  children,
}: FieldProps) {
  const errorsId = errorId ?? `${id}-error`;
  const hintsId = hintId ?? `${id}-hint`;
  const { invalid, hintShown, describedIds } = description({
    hint,
    errors,
    hintId: hintsId,
    errorId: errorsId,
    hintWithErrors,
    describedBy,
    afterId,
  });
  const hintElement = hintShown ? (
    <p id={hintsId} className="field-hint" aria-live={liveHint ? "polite" : undefined}>
      {hint}
    </p>
  ) : null;
  return (
    <div className={className ? `field ${className}` : "field"}>
      <label htmlFor={id}>{label}</label>
      {hintPlacement === "above" ? hintElement : null}
      {children({
        id,
        "aria-invalid": invalid || invalidElsewhere ? true : undefined,
        "aria-describedby": describedIds,
      })}
      {hintPlacement === "above" ? null : hintElement}
      <FieldErrors id={errorsId} errors={errors} />
      {after}
    </div>
  );
}

/**
 * Whether a field (or a group of them) is invalid, whether its hint shows, and the ids that
 * describe it, in reading order: the hint, the errors, `describedBy`, then `afterId`.
 */
export function description({
  hint,
  errors,
  hintId,
  errorId,
  hintWithErrors,
  describedBy,
  afterId,
}: {
  hint: ReactNode;
  errors: readonly string[] | null | undefined;
  hintId: string;
  errorId: string;
  hintWithErrors: "hidden" | "shown" | "described";
  describedBy?: FieldProps["describedBy"];
  afterId?: string;
}): { invalid: boolean; hintShown: boolean; describedIds: string | undefined } {
  const invalid = Boolean(errors?.length);
  const hintShown = hint !== undefined && hint !== null && hint !== false && (!invalid || hintWithErrors !== "hidden");
  const ids = invalid
    ? hintShown && hintWithErrors === "described"
      ? [hintId, errorId]
      : [errorId]
    : hintShown
      ? [hintId]
      : [];
  for (const more of typeof describedBy === "string" ? [describedBy] : (describedBy ?? [])) {
    if (more) ids.push(more);
  }
  if (afterId) ids.push(afterId);
  return { invalid, hintShown, describedIds: ids.length ? ids.join(" ") : undefined };
}
