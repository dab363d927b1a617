import { useSearchParams } from "@remix-run/react";
import { noticeText } from "~/lib/shared/notices";

/** Shows the `?notice=` confirmation of the current URL; dismissing removes it from the URL. */
export function NoticeBanner() {
  const [params, setParams] = useSearchParams();
  const text = noticeText(params.get("notice"));
  if (!text) return null;
  return (
    <div className="notice-banner" role="status">
      <p>{text}</p>
      <button
        type="button"
        className="button button-ghost"
        onClick={() =>
          setParams(
            (current) => {
              current.delete("notice");
              return current;
            },
            { replace: true, preventScrollReset: true },
          )
        }
      >
        Dismiss
      </button>
    </div>
  );
}
