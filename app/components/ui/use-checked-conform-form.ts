import { parse, useForm, type Submission } from "@conform-to/react";
import { useEffect, useRef } from "react";
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

type FormOptions = Parameters<typeof useForm<Record<string, unknown>, Record<string, unknown>, string[]>>[0];

/**
 * Conform's `useForm` checked with the form's own schema, for a page whose first load carries no
 * Zod (ADR 062): the schema is fetched when the person first focuses the form (the returned
 * `onFocus`, for the <form>). Until it has arrived a field's check waits for it and runs as soon as
 * it comes (through the form's `validate`), and a submit goes to the server, which answers with
 * the same schema and messages. Everything but `onValidate` is useForm's own options.
 */
export function useCheckedConformForm(load: LoadSchema, options: Omit<FormOptions, "onValidate">) {
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

  const [form, fields] = useForm<Record<string, unknown>, Record<string, unknown>, string[]>({
    ...options,
    onValidate({ formData }): Submission<Record<string, unknown>, string[]> {
      const check = schemaCheckIfReady(load);
      if (check) return check(formData);
      const name = fieldToValidate(formData);
      if (name) waiting.current.add(name);
      start();
      return parse<Record<string, unknown>, string[]>(formData, { resolve: (value) => ({ value }) });
    },
  });
  // The schema arrives after a commit (on focus), so the form's latest `validate` is the one to use.
  useEffect(() => {
    validate.current = form.validate;
  });

  return [form, fields, start] as const;
}
