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
   * described by the hint and then the errors.
   */
  hintWithErrors?: "hidden" | "shown" | "described";
  /** With `hintWithErrors="described"`, describe the control by the errors and then the hint. */
  errorsFirst?: boolean;
  /** Where the hint shows: under the control (the default) or between the label and the control. */
  hintPlacement?: "below" | "above";
  /** More of the field after the errors, such as a note or a link. */
  after?: ReactNode;
  /** The id of an element in `after` that also describes the control, last in its `aria-describedby`. */
  afterId?: string;
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
  errorsFirst = false,
  hintPlacement = "below",
  after,
  afterId,
  className,
  children,
}: FieldProps) {
  const invalid = Boolean(errors?.length);
  const hintShown = hint !== undefined && hint !== null && hint !== false && (!invalid || hintWithErrors !== "hidden");
  const errorsId = errorId ?? `${id}-error`;
  const hintsId = hintId ?? `${id}-hint`;
  const describedIds = invalid
    ? hintShown && hintWithErrors === "described"
      ? errorsFirst
        ? [errorsId, hintsId]
        : [hintsId, errorsId]
      : [errorsId]
    : hintShown
      ? [hintsId]
      : [];
  if (afterId) describedIds.push(afterId);
  const hintElement = hintShown ? (
    <p id={hintsId} className="field-hint">
      {hint}
    </p>
  ) : null;
  return (
    <div className={className ? `field ${className}` : "field"}>
      <label htmlFor={id}>{label}</label>
      {hintPlacement === "above" ? hintElement : null}
      {children({
        id,
        "aria-invalid": invalid ? true : undefined,
        "aria-describedby": describedIds.length ? describedIds.join(" ") : undefined,
      })}
      {hintPlacement === "above" ? null : hintElement}
      <FieldErrors id={errorsId} errors={errors} />
      {after}
    </div>
  );
}

/** A Conform field's parts for `Field`: `<Field {...conformField(fields.name)} label="Name">`. */
export function conformField(meta: {
  id: string;
  errorId: string;
  descriptionId: string;
  errors?: readonly string[] | null;
}): Pick<FieldProps, "id" | "errorId" | "hintId" | "errors"> {
  return { id: meta.id, errorId: meta.errorId, hintId: meta.descriptionId, errors: meta.errors };
}
