import type { AppContext } from "~/server/load-context";
import { exportView, latestExport, type ExportOwner, type ExportView } from "./data-exports.server";
import { businessDeletionBlocker, consultantDeletionBlocker } from "./deletion.server";

/** What Settings' "Your data" shows (docs/decisions/069): the newest export and why a deletion would be refused now. */
export type DataSectionView = { exportState: ExportView | null; blocker: string | null };

export async function dataSectionView(app: AppContext, owner: ExportOwner): Promise<DataSectionView> {
  const [row, blocker] = await Promise.all([
    latestExport(app, owner),
    "businessId" in owner
      ? businessDeletionBlocker(app, owner.businessId)
      : consultantDeletionBlocker(app, owner.userId),
  ]);
  return { exportState: exportView(row, app.now()), blocker };
}
