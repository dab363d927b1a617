import { useId } from "react";
import { formatFileSize } from "~/lib/shared/numbers";
import { FileList } from "~/components/files/file-list";
import { deliveryRoundLabel, NO_DELIVERED_FILES } from "~/lib/engagements/engagement-copy";
import { deliveryRounds, type DeliveryItemFile } from "~/lib/engagements/engagement-view";
import { formatDate } from "~/lib/shared/dates";

/**
 * A deliverable's files grouped by the delivery they came with, newest delivery first, each with
 * its number and date ("Delivery 2 · Nov 28, 2026"), each file once: a file delivered again after
 * a revision request is listed under each delivery it came with, never twice under one.
 */
export function DeliveredFiles({ files, itemTitle }: { files: readonly DeliveryItemFile[]; itemTitle: string }) {
  const id = useId();
  if (files.length === 0) return <p className="console-muted">{NO_DELIVERED_FILES}</p>;
  return (
    <div className="delivery-rounds">
      {deliveryRounds(files).map((round) => {
        const label = deliveryRoundLabel(round.round, formatDate(round.deliveredAt));
        return (
          <div key={round.round} className="delivery-round" role="group" aria-labelledby={`${id}-${round.round}`}>
            <p id={`${id}-${round.round}`} className="delivery-round-label">
              <span className="visually-hidden">Files of {itemTitle}, </span>
              {label}
            </p>
            <FileList
              files={round.files.map((file) => ({ ...file, size: formatFileSize(file.size) }))}
              className="delivery-files"
            />
          </div>
        );
      })}
    </div>
  );
}
