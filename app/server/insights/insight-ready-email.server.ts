import {
  INSIGHT_READY_EMAIL,
  INSIGHT_READY_EMAIL_SUBJECT,
  INSIGHT_READY_NOTIFICATION_TITLE,
} from "~/lib/insights/manager-insights-schemas";
import type { AppContext } from "~/server/load-context";
import { emailNotices, noticesTo } from "~/server/notifications/notify.server";

/**
 * The emails that tell the members who may request insights (docs/decisions/068) that an insight
 * report is published: `userIds` are those the publish's batch wrote the notification for; each
 * person's email preferences decide (notify's rules). A failure is logged and swallowed: the
 * publish it follows has already happened and stays.
 */
export async function emailInsightReady(
  app: AppContext,
  origin: string,
  insight: { requestId: string; title: string; link: string; userIds: readonly string[] },
): Promise<void> {
  try {
    await emailNotices(
      app,
      origin,
      noticesTo(insight.userIds, {
        kind: "insight_ready",
        title: INSIGHT_READY_NOTIFICATION_TITLE,
        subject: INSIGHT_READY_EMAIL_SUBJECT,
        body: INSIGHT_READY_EMAIL.body,
        fields: [{ label: INSIGHT_READY_EMAIL.report, value: insight.title }],
        link: insight.link,
        action: INSIGHT_READY_EMAIL.action,
        footer: INSIGHT_READY_EMAIL.footer,
      }),
    );
  } catch (error) {
    console.error(`Insight ${insight.requestId} was published but its emails failed:`, error);
  }
}
