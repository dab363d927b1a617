import { eq } from "drizzle-orm";
import { businesses, insightRequests, users } from "~db/schema";
import { INSIGHT_READY_EMAIL_SUBJECT, INSIGHT_READY_NOTIFICATION_TITLE } from "~/lib/insights/manager-insights-schemas";
import { sendEmail } from "~/server/platform/email.server";
import { renderEmail } from "~/server/platform/email-templates.server";
import type { AppContext } from "~/server/load-context";

/**
 * The email that tells a business owner their insight report is published. A failure is logged
 * and swallowed: the publish it follows has already happened and stays.
 */
export async function emailInsightReadyToOwner(
  app: AppContext,
  requestId: string,
  title: string,
  url: string,
): Promise<void> {
  try {
    const [owner] = await app.db
      .select({ email: users.email, firstName: users.firstName })
      .from(insightRequests)
      .innerJoin(businesses, eq(businesses.id, insightRequests.businessId))
      .innerJoin(users, eq(users.id, businesses.ownerUserId))
      .where(eq(insightRequests.id, requestId))
      .limit(1);
    if (!owner) return;
    const { text, html } = renderEmail({
      heading: INSIGHT_READY_NOTIFICATION_TITLE,
      blocks: [
        {
          type: "paragraph",
          text: `Hi ${owner.firstName || "there"}, your Partwise engagement manager has published your insight report.`,
        },
        { type: "field", label: "Report", value: title },
        { type: "button", label: "View your insight", url },
      ],
      footer: "You received this email because your business requested an insight on Partwise.",
    });
    await sendEmail(app, {
      to: owner.email,
      subject: INSIGHT_READY_EMAIL_SUBJECT,
      text,
      html,
      kind: "insight_ready",
    });
  } catch (error) {
    console.error(`Insight ${requestId} was published but the email to its owner failed:`, error);
  }
}
