import { useState, type InputHTMLAttributes } from "react";
import { useHydrated } from "./use-hydrated";

type PasswordInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & {
  id: string;
  /** Names the field in the toggle's accessible name, lowercased: "Show {label}" / "Hide {label}". */
  label: string;
};

/**
 * A password input with a show/hide toggle. The toggle needs JavaScript, so it appears only after
 * hydration; before that (and without scripts) the field simply stays hidden.
 */
export function PasswordInput({ id, label, className, ...props }: PasswordInputProps) {
  const hydrated = useHydrated();
  const [shown, setShown] = useState(false);
  return (
    <div className="input-with-action">
      <input {...props} id={id} type={shown ? "text" : "password"} className={className ?? "input"} />
      {hydrated ? (
        <button
          type="button"
          className="input-action"
          aria-label={`${shown ? "Hide" : "Show"} ${label.toLowerCase()}`}
          aria-pressed={shown}
          aria-controls={id}
          onClick={() => setShown((value) => !value)}
        >
          <EyeIcon crossed={shown} />
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
