/** A field's error messages, referenced by the control's aria-describedby. Renders nothing without errors. */
export function FieldErrors({ id, errors }: { id: string; errors: readonly string[] | null | undefined }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="field-error">
      {errors.join(" ")}
    </p>
  );
}
