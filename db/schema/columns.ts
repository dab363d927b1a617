/** Column helpers shared by the table files (not tables, so not re-exported by the index). */
import { integer, text } from "drizzle-orm/sqlite-core";
import { CURRENCIES } from "../enums";

export const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());

export const timestamp = (name: string) => integer(name, { mode: "timestamp_ms" });

export const createdAt = () =>
  timestamp("created_at")
    .notNull()
    .$defaultFn(() => new Date());

export const updatedAt = () =>
  timestamp("updated_at")
    .notNull()
    .$defaultFn(() => new Date())
    .$onUpdateFn(() => new Date());

export const bool = (name: string) => integer(name, { mode: "boolean" });

export const currency = () => text("currency", { enum: CURRENCIES }).notNull().default("usd");

export const satisfaction = () => integer("client_satisfaction");
