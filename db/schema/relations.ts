/** Relations (for db.query.*). Only one direction is declared where a pair of tables is linked
 * by more than one foreign key, so Drizzle never has to guess which key a `many` follows. */
import { relations } from "drizzle-orm";
import { benchmarkReports, benchmarkingPurchases } from "./benchmarking";
import { businesses } from "./business";
import { consultantProfiles } from "./consultants";
import { deliveryItemDecisions, deliveryItems, deliveryOutlines } from "./engagements";
import { files } from "./files";
import { accountingConnections, financeReports, valueInsights } from "./finance";
import { passwordResets, sessions, users } from "./identity";
import { insightReports, insightRequests } from "./insights";
import { matchCandidates, matchRequests } from "./matching";
import { notifications } from "./notifications";
import { purchases } from "./payments";
import { jobs } from "./platform";
import { supportMessages } from "./support";

export const usersRelations = relations(users, ({ one, many }) => ({
  sessions: many(sessions),
  passwordResets: many(passwordResets),
  notifications: many(notifications),
  business: one(businesses),
  consultantProfile: one(consultantProfiles),
}));

export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));

export const passwordResetsRelations = relations(passwordResets, ({ one }) => ({
  user: one(users, { fields: [passwordResets.userId], references: [users.id] }),
}));

export const businessesRelations = relations(businesses, ({ one, many }) => ({
  owner: one(users, { fields: [businesses.ownerUserId], references: [users.id] }),
  accountingConnection: one(accountingConnections),
  financeReport: one(financeReports),
  insightRequests: many(insightRequests),
  insightReports: many(insightReports),
  valueInsights: many(valueInsights),
  matchRequests: many(matchRequests),
  deliveryOutlines: many(deliveryOutlines),
  purchases: many(purchases),
  files: many(files),
  benchmarkingPurchases: many(benchmarkingPurchases),
  benchmarkReports: many(benchmarkReports),
  jobs: many(jobs),
  notifications: many(notifications),
}));

export const accountingConnectionsRelations = relations(accountingConnections, ({ one }) => ({
  business: one(businesses, {
    fields: [accountingConnections.businessId],
    references: [businesses.id],
  }),
}));

export const jobsRelations = relations(jobs, ({ one }) => ({
  business: one(businesses, { fields: [jobs.businessId], references: [businesses.id] }),
}));

export const financeReportsRelations = relations(financeReports, ({ one }) => ({
  business: one(businesses, { fields: [financeReports.businessId], references: [businesses.id] }),
  job: one(jobs, { fields: [financeReports.jobId], references: [jobs.id] }),
}));

export const purchasesRelations = relations(purchases, ({ one }) => ({
  business: one(businesses, { fields: [purchases.businessId], references: [businesses.id] }),
}));

export const benchmarkingPurchasesRelations = relations(benchmarkingPurchases, ({ one }) => ({
  business: one(businesses, {
    fields: [benchmarkingPurchases.businessId],
    references: [businesses.id],
  }),
  purchase: one(purchases, { fields: [benchmarkingPurchases.purchaseId], references: [purchases.id] }),
}));

export const benchmarkReportsRelations = relations(benchmarkReports, ({ one }) => ({
  business: one(businesses, { fields: [benchmarkReports.businessId], references: [businesses.id] }),
}));

export const consultantProfilesRelations = relations(consultantProfiles, ({ one }) => ({
  user: one(users, { fields: [consultantProfiles.userId], references: [users.id] }),
}));

export const insightRequestsRelations = relations(insightRequests, ({ one, many }) => ({
  business: one(businesses, { fields: [insightRequests.businessId], references: [businesses.id] }),
  report: one(insightReports, {
    fields: [insightRequests.insightReportId],
    references: [insightReports.id],
  }),
  assignedManager: one(users, { fields: [insightRequests.assignedManagerId], references: [users.id] }),
  files: many(files),
}));

export const insightReportsRelations = relations(insightReports, ({ one }) => ({
  request: one(insightRequests, {
    fields: [insightReports.insightRequestId],
    references: [insightRequests.id],
  }),
  business: one(businesses, { fields: [insightReports.businessId], references: [businesses.id] }),
  author: one(users, { fields: [insightReports.authorId], references: [users.id] }),
  convertedToMatchRequest: one(matchRequests, {
    fields: [insightReports.convertedToMatchRequestId],
    references: [matchRequests.id],
  }),
}));

export const valueInsightsRelations = relations(valueInsights, ({ one }) => ({
  business: one(businesses, { fields: [valueInsights.businessId], references: [businesses.id] }),
  financeReport: one(financeReports, {
    fields: [valueInsights.financeReportId],
    references: [financeReports.id],
  }),
  convertedToMatchRequest: one(matchRequests, {
    fields: [valueInsights.convertedToMatchRequestId],
    references: [matchRequests.id],
  }),
}));

export const matchRequestsRelations = relations(matchRequests, ({ one, many }) => ({
  business: one(businesses, { fields: [matchRequests.businessId], references: [businesses.id] }),
  matchedConsultant: one(users, {
    fields: [matchRequests.matchedConsultantId],
    references: [users.id],
  }),
  matchedConsultantProfile: one(consultantProfiles, {
    fields: [matchRequests.matchedConsultantId],
    references: [consultantProfiles.userId],
  }),
  assignedManager: one(users, { fields: [matchRequests.assignedManagerId], references: [users.id] }),
  candidates: many(matchCandidates),
  deliveryOutlines: many(deliveryOutlines),
  files: many(files),
}));

export const matchCandidatesRelations = relations(matchCandidates, ({ one }) => ({
  matchRequest: one(matchRequests, {
    fields: [matchCandidates.matchRequestId],
    references: [matchRequests.id],
  }),
  consultant: one(users, { fields: [matchCandidates.consultantId], references: [users.id] }),
  /** The candidate card (years of experience, education, mission statement, bio). */
  consultantProfile: one(consultantProfiles, {
    fields: [matchCandidates.consultantId],
    references: [consultantProfiles.userId],
  }),
  proposedBy: one(users, { fields: [matchCandidates.proposedById], references: [users.id] }),
}));

export const deliveryOutlinesRelations = relations(deliveryOutlines, ({ one, many }) => ({
  matchRequest: one(matchRequests, {
    fields: [deliveryOutlines.matchRequestId],
    references: [matchRequests.id],
  }),
  business: one(businesses, { fields: [deliveryOutlines.businessId], references: [businesses.id] }),
  consultant: one(users, { fields: [deliveryOutlines.consultantId], references: [users.id] }),
  egmReviewer: one(users, { fields: [deliveryOutlines.egmReviewerId], references: [users.id] }),
  items: many(deliveryItems),
  activeItem: one(deliveryItems, {
    fields: [deliveryOutlines.activeItemId],
    references: [deliveryItems.id],
  }),
}));

export const deliveryItemsRelations = relations(deliveryItems, ({ one, many }) => ({
  outline: one(deliveryOutlines, {
    fields: [deliveryItems.outlineId],
    references: [deliveryOutlines.id],
  }),
  business: one(businesses, { fields: [deliveryItems.businessId], references: [businesses.id] }),
  paidPurchase: one(purchases, { fields: [deliveryItems.paidPurchaseId], references: [purchases.id] }),
  decisions: many(deliveryItemDecisions),
  files: many(files),
}));

export const deliveryItemDecisionsRelations = relations(deliveryItemDecisions, ({ one }) => ({
  item: one(deliveryItems, { fields: [deliveryItemDecisions.itemId], references: [deliveryItems.id] }),
  outline: one(deliveryOutlines, {
    fields: [deliveryItemDecisions.outlineId],
    references: [deliveryOutlines.id],
  }),
  business: one(businesses, {
    fields: [deliveryItemDecisions.businessId],
    references: [businesses.id],
  }),
}));

export const filesRelations = relations(files, ({ one }) => ({
  business: one(businesses, { fields: [files.businessId], references: [businesses.id] }),
  uploadedBy: one(users, { fields: [files.uploadedByUserId], references: [users.id] }),
  insightRequest: one(insightRequests, {
    fields: [files.insightRequestId],
    references: [insightRequests.id],
  }),
  matchRequest: one(matchRequests, { fields: [files.matchRequestId], references: [matchRequests.id] }),
  deliveryItem: one(deliveryItems, { fields: [files.deliveryItemId], references: [deliveryItems.id] }),
}));

export const notificationsRelations = relations(notifications, ({ one }) => ({
  user: one(users, { fields: [notifications.userId], references: [users.id] }),
  business: one(businesses, { fields: [notifications.businessId], references: [businesses.id] }),
}));

export const supportMessagesRelations = relations(supportMessages, ({ one }) => ({
  user: one(users, { fields: [supportMessages.userId], references: [users.id] }),
  business: one(businesses, { fields: [supportMessages.businessId], references: [businesses.id] }),
  handledBy: one(users, { fields: [supportMessages.handledById], references: [users.id] }),
}));
