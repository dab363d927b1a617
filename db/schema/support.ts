/** Support: messages to the support team. */
import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { businesses } from "./business";
import { createdAt, id, timestamp } from "./columns";
import { SUPPORT_STATUSES, SUPPORT_SUBJECTS } from "../enums";
import { users } from "./identity";

/** The support form (spec: "sends nothing" to the user); staff read them here. */
export const supportMessages = sqliteTable(
  "support_messages",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    businessId: text("business_id").references(() => businesses.id, { onDelete: "set null" }),
    subject: text("subject", { enum: SUPPORT_SUBJECTS }).notNull(),
    message: text("message").notNull(),
    status: text("status", { enum: SUPPORT_STATUSES }).notNull().default("open"),
    createdAt: createdAt(),
    handledById: text("handled_by_id").references(() => users.id, { onDelete: "set null" }),
    handledAt: timestamp("handled_at"),
  },
  (t) => [
    index("support_messages_user_id_idx").on(t.userId),
    index("support_messages_business_id_idx").on(t.businessId),
    index("support_messages_status_idx").on(t.status, t.createdAt),
    index("support_messages_handled_by_id_idx").on(t.handledById),
  ],
);

export type SupportMessage = typeof supportMessages.$inferSelect;

export type NewSupportMessage = typeof supportMessages.$inferInsert;
