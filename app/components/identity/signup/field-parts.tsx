/** Visually hidden note for links that open a new tab. */
export function NewTabNote() {
  return <span className="visually-hidden"> (opens in a new tab)</span>;
}
