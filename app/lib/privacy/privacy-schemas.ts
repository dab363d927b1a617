import * as z from "zod";
import { DELETE_TEXTS } from "./privacy-copy";

/** The deletion's confirmation: the account's password (checked by the server). */
export const DeleteConfirmSchema = z.object({
  password: z
    .string({ error: DELETE_TEXTS.wrongPassword })
    .min(1, DELETE_TEXTS.wrongPassword)
    .max(200, DELETE_TEXTS.wrongPassword),
});
