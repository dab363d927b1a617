/**
 * The Documents Hub's form schemas (issue #16 item 1): a company document's row forms and the
 * upload form. Apart from document-rules.ts so that importing the hub's pure rules (its links, its
 * query) does not bring Zod into a page's JavaScript.
 */
import * as z from "zod";
import { MAX_DOCUMENT_NAME_LENGTH, MAX_FOLDER_LENGTH, normalizeFolder } from "./document-rules";

const fileId = z.string().uuid();
const folderField = z
  .string()
  .max(MAX_FOLDER_LENGTH * 2)
  .default("")
  .transform((value) => normalizeFolder(value));

/** The forms a company document's row posts, by `intent`. */
export const DocumentIntentSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("document-rename"),
    fileId,
    name: z.string().trim().min(1).max(MAX_DOCUMENT_NAME_LENGTH),
  }),
  z.object({ intent: z.literal("document-move"), fileId, folder: folderField }),
  z.object({ intent: z.literal("document-delete"), fileId }),
  z.object({ intent: z.literal("document-share"), fileId, matchId: z.string().trim().min(1).max(80) }),
  z.object({ intent: z.literal("document-unshare"), fileId }),
]);
export type DocumentIntent = z.infer<typeof DocumentIntentSchema>;

/** The upload form's field beside its files: the folder, chosen from the list or typed (none when empty). */
export const DocumentUploadSchema = z.object({ intent: z.literal("document-upload"), folder: folderField });
