import type { SubmissionResult } from "@conform-to/react";
import * as z from "zod";
import { InsightCategorySchema, InsightOverviewSchema, InsightRequestFormSchema } from "~/lib/insights/insight-schemas";
import type { WizardPage } from "./step-bar";

/**
 * What the /create-insight action answers: `step` keeps the person on a page (a no-JavaScript
 * Continue/Back, or errors to fix), `created` shows page 4 for the request that now exists.
 */
export type CreatedInsight = { id: string; coveredByPlan: boolean; paymentComplete: boolean };
export type CreateInsightActionData =
  | { kind: "step"; page: 1 | 2 | 3; result: SubmissionResult<string[]> }
  | { kind: "created"; request: CreatedInsight; payError: string | null };

/** The loader's pricing line for page 3: covered by the plan's allowance this month, or the price. */
export type InsightPricing = { covered: boolean; remaining: number; included: number; priceLabel: string };

/** Page 1 and page 2 validate only their own fields; page 3 (Submit) validates the whole request. */
export const CategoryPageSchema = z.object({ category: InsightCategorySchema });
export const OverviewPageSchema = InsightOverviewSchema;

export function schemaForPage(page: WizardPage) {
  if (page === 1) return CategoryPageSchema;
  if (page === 2) return OverviewPageSchema;
  return InsightRequestFormSchema;
}

const OVERVIEW_KEYS = Object.keys(InsightOverviewSchema.shape);

/** The page that holds the first field with an error, so the person sees what to fix. */
export function pageForErrors(fieldNames: readonly string[]): 1 | 2 | 3 {
  if (fieldNames.includes("category")) return 1;
  if (fieldNames.some((name) => OVERVIEW_KEYS.includes(name) && name !== "files")) return 2;
  return 3;
}

/** Page number from a posted form value; anything else is page 1. */
export function parsePage(value: unknown): 1 | 2 | 3 {
  return value === "2" ? 2 : value === "3" ? 3 : 1;
}

export const INCLUDED_IN_PLAN_LABEL = "Included in your plan";
