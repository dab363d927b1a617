/** A form's form-level errors in an alert, referenced by the form's aria-describedby. Renders nothing without errors. */
export function FormAlert({ id, errors }: { id: string; errors: readonly string[] | null | undefined }) {
  if (!errors?.length) return null;
  return (
    <div id={id} role="alert" className="form-error">
      {errors.join(" ")}
    </div>
  );
}
