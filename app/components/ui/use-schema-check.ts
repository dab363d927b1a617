import { parse, type Submission } from "@conform-to/react";
import { useRef } from "react";
import { loadSchemaCheck, schemaCheckIfReady, type LoadSchema } from "./schema-check";

/** The field Conform reserves for its intents (a blur's "validate", a submit has none). */
const INTENT = "__intent__";

/** The field a Conform "validate" request names (a blur, or an input once a message shows), if any. */
function fieldToValidate(formData: FormData): string | null {
  const intent = formData.get(INTENT);
  if (typeof intent !== "string") return null;
  try {
    const parsed = JSON.parse(intent) as { type?: unknown; payload?: { name?: unknown } };
    return parsed.type === "validate" && typeof parsed.payload?.name === "string" ? parsed.payload.name : null;
  } catch {
    return null;
  }
}

/**
 * Conform's `onValidate` with the form's own schema, for a page whose first load carries no Zod:
 * the schema is fetched when the person first focuses the form (`onFocus` on the <form>). Until
 * it has arrived a field's check waits for it (and runs as soon as it comes, through `validate`,
 * Conform's `form.validate`), and a submit goes to the server, which answers with the same schema
 * and messages.
 */
export function useSchemaCheck(load: LoadSchema) {
  const waiting = useRef(new Set<string>());
  const validate = useRef<((payload: { name: string }) => void) | null>(null);

  const start = () => {
    if (schemaCheckIfReady(load)) return;
    loadSchemaCheck(load).then(
      () => {
        const names = [...waiting.current];
        waiting.current.clear();
        for (const name of names) validate.current?.({ name });
      },
      () => waiting.current.clear(),
    );
  };

  return {
    onFocus: start,
    /** Conform's `form.validate`, so a field checked before the schema arrived is checked again. */
    setValidate(next: (payload: { name: string }) => void) {
      validate.current = next;
    },
    onValidate({ formData }: { formData: FormData }): Submission<Record<string, unknown>, string[]> {
      const check = schemaCheckIfReady(load);
      if (check) return check(formData);
      const name = fieldToValidate(formData);
      if (name) waiting.current.add(name);
      start();
      return parse<Record<string, unknown>, string[]>(formData, { resolve: (value) => ({ value }) });
    },
  };
}
