import * as z from "zod";

/**
 * The deliverable a manager's money action names (retry or reverse its transfer, refund it), one
 * field name on every console page: `deliveryItemId`. `message` says what to choose there.
 */
export const deliveryItemIdField = (message: string) => z.string({ error: message }).trim().min(1, message).max(100);
