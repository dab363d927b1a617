import type { ReactNode } from "react";
import { description, type FieldProps } from "./field";
import { FieldErrors } from "./field-errors";

export type FieldsetFieldProps = Pick<FieldProps, "hint" | "errors" | "hintWithErrors" | "describedBy" | "after"> & {
  /** Names the group: its checkboxes or radio buttons are read with it. */
  legend: ReactNode;
  /** Classes of the legend, such as `visually-hidden` where the options speak for themselves. */
  legendClassName?: string;
  /** The id of the errors (a Conform field's `errorId`). */
  errorId: string;
  /** The id of the hint, which shows between the legend and the options. */
  hintId?: string;
  /** Classes of the fieldset. */
  className?: string;
  disabled?: boolean;
  /** The options: each a checkbox or radio button with its own label. */
  children: ReactNode;
};

/**
 * A group of checkboxes or radio buttons that answer one question, the same in every form: a
 * fieldset named by its legend, its hint, its options and its errors, the group described (its
 * `aria-describedby`) by whichever of the hint and the errors shows, then `describedBy`.
 */
export function FieldsetField({
  legend,
  legendClassName,
  hint,
  hintId,
  errors,
  errorId,
  hintWithErrors = "hidden",
  describedBy,
  after,
  className,
  disabled,
  children,
}: FieldsetFieldProps) {
  const hintsId = hintId ?? `${errorId}-hint`;
  const { hintShown, describedIds } = description({
    hint,
    errors,
    hintId: hintsId,
    errorId,
    hintWithErrors,
    describedBy,
  });
  return (
    <fieldset className={className} disabled={disabled} aria-describedby={describedIds}>
      <legend className={legendClassName}>{legend}</legend>
      {hintShown ? (
        <p id={hintsId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {children}
      <FieldErrors id={errorId} errors={errors} />
      {after}
    </fieldset>
  );
}
