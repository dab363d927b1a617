import { useState, type InputHTMLAttributes } from "react";
import { useHydrated } from "../use-hydrated";

/** A field's error messages, referenced by the control's aria-describedby. Renders nothing without errors. */
export function FieldErrors({ id, errors }: { id: string; errors: readonly string[] | null | undefined }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="field-error">
      {errors.join(" ")}
    </p>
  );
}

/**
 * A password input with a show/hide toggle. The toggle appears once the page is hydrated, so
 * nobody meets a dead button before or without JavaScript.
 */
export function PasswordInput({
  showLabel,
  hideLabel,
  ...inputProps
}: InputHTMLAttributes<HTMLInputElement> & { id: string; showLabel: string; hideLabel: string }) {
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  return (
    <div className="input-with-action">
      <input {...inputProps} type={visible ? "text" : "password"} className="input" />
      {hydrated ? (
        <button
          type="button"
          className="input-action"
          aria-label={visible ? hideLabel : showLabel}
          aria-pressed={visible}
          aria-controls={inputProps.id}
          onClick={() => setVisible((value) => !value)}
        >
          <EyeIcon crossed={visible} />
        </button>
      ) : null}
    </div>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
      <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
      {crossed ? <path d="M4 4l16 16" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" /> : null}
    </svg>
  );
}

/** Visually hidden note for links that open a new tab. */
export function NewTabNote() {
  return <span className="visually-hidden"> (opens in a new tab)</span>;
}
