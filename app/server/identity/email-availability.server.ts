import { eq } from "drizzle-orm";
import { users } from "~db/schema";
import type { AppContext } from "~/server/load-context";

/** Whether no account uses this email (already trimmed and lowercased by EmailSchema). */
export async function isEmailAvailable(app: AppContext, email: string): Promise<boolean> {
  const row = await app.db.select({ id: users.id }).from(users).where(eq(users.email, email)).get();
  return !row;
}
