// The revenue band against the books (ADR 050): the business domain's check and its one update of
// the band, which spec §5 keeps read-only in settings otherwise. The books are read through the
// finance domain (loadFinanceState); the rule is app/lib/business/revenue-band.ts.
import { and, eq } from "drizzle-orm";
import { businesses } from "~db/schema";
import type { RevenueBand } from "~db/enums";
import { booksYearIncome } from "~/lib/finance/finance";
import { bandDisagreement, REVENUE_BAND_COPY, type BandDisagreement } from "~/lib/business/revenue-band";
import type { ClientViewer } from "~/server/identity/session.server";
import type { AppContext } from "~/server/load-context";
import { loadFinanceState } from "~/server/finance/finance-reports.server";
import { memberMay } from "./members.server";

/** The disagreement between the business's band and its books (one query), or null. */
export async function loadBandDisagreement(
  app: AppContext,
  business: { id: string; revenueBand: RevenueBand },
): Promise<BandDisagreement | null> {
  const { report } = await loadFinanceState(app, business.id);
  return bandDisagreement(business.revenueBand, report ? booksYearIncome(report.rows, report.periodEnd) : null);
}

export type RevenueBandUpdate = { ok: true; band: RevenueBand; msg: string } | { ok: false; status: 409; msg: string };

/**
 * Sets the revenue band to the one the books show, as the owner confirmed it (`confirmed`: the
 * band the question named). The books are read again: if they (or the band) no longer say what
 * was asked, nothing changes (409). The UPDATE is conditional on the band still being the one
 * shown, so a double submit changes it once.
 */
export async function updateRevenueBandFromBooks(
  app: AppContext,
  viewer: ClientViewer,
  confirmed: RevenueBand,
): Promise<RevenueBandUpdate> {
  const refused = { ok: false, status: 409, msg: REVENUE_BAND_COPY.changed } as const;
  const disagreement = await loadBandDisagreement(app, viewer.business);
  if (!disagreement || disagreement.books !== confirmed) return refused;
  const changed = await app.db
    .update(businesses)
    .set({ revenueBand: disagreement.books, updatedAt: app.now() })
    .where(
      and(
        eq(businesses.id, viewer.business.id),
        memberMay(viewer.user.id, "changeSettings"),
        eq(businesses.revenueBand, disagreement.chosen),
      ),
    )
    .returning({ revenueBand: businesses.revenueBand });
  if (changed.length === 0) return refused;
  return { ok: true, band: disagreement.books, msg: REVENUE_BAND_COPY.updated(disagreement.books) };
}
