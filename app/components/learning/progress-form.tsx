import { Form } from "@remix-run/react";
import { LEARNING_COPY } from "~/lib/learning/learning-copy";
import { usePosting } from "~/components/ui/pending-post";

/** Mark as done / Mark as not done for one item (a plain POST to the page it is on). */
export function ProgressForm({ itemId, title, done }: { itemId: string; title: string; done: boolean }) {
  const busy = usePosting({ itemId });
  return (
    <Form method="post" className="learning-progress-form">
      <input type="hidden" name="itemId" value={itemId} />
      {done ? (
        <button
          type="submit"
          name="intent"
          value="undone"
          className="button button-secondary"
          disabled={busy}
          aria-label={`${LEARNING_COPY.markNotDone}: ${title}`}
        >
          {LEARNING_COPY.markNotDone}
        </button>
      ) : (
        <button
          type="submit"
          name="intent"
          value="done"
          className="button button-primary"
          disabled={busy}
          aria-label={`${LEARNING_COPY.markDone}: ${title}`}
        >
          {LEARNING_COPY.markDone}
        </button>
      )}
    </Form>
  );
}
