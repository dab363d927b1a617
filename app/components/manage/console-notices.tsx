/** A console page's outcome line: the notice of what just happened, or the error that stopped it. */
export function ConsoleNotices({ notice, error }: { notice?: string | null; error?: string | null }) {
  return (
    <>
      {notice ? (
        <p className="notice" role="status">
          {notice}
        </p>
      ) : null}
      {error ? (
        <p className="notice console-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
