import { useEffect, useRef, useState, type FormEvent, type FormEventHandler } from "react";
import { useHydrated } from "~/components/ui/use-hydrated";
import {
  fieldErrorsOf,
  loadSchemaCheck,
  schemaCheckIfReady,
  type FieldErrorMap,
  type LoadSchema,
} from "~/components/ui/schema-check";

/** The part of Conform's SubmissionResult (the server's `submission.reply()`) this form reads. */
export type ServerResult = {
  initialValue?: Record<string, unknown> | null;
  error?: Record<string, string[] | null> | null;
};

export type CheckedField = {
  id: string;
  name: string;
  errorId: string;
  errors: string[] | undefined;
  /**
   * The control's attributes besides what Field gives it (its id and aria attributes), as
   * Conform's getInputProps would (constraint: required).
   */
  inputProps: {
    name: string;
    form: string;
    required: true;
    defaultValue: string | undefined;
  };
};

function serverFieldErrors(result: ServerResult | undefined): FieldErrorMap {
  const errors: FieldErrorMap = {};
  for (const [name, messages] of Object.entries(result?.error ?? {})) {
    if (name !== "" && messages?.length) errors[name] = messages;
  }
  return errors;
}

function focusFirstInvalid(form: HTMLFormElement | null) {
  form?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
}

/**
 * A small form state for the login screen's two forms, in place of Conform's useForm + Zod there
 * (docs/decisions/041-javascript-weight.md): the same ids (`<form>-<field>`, `…-error`), the same
 * attributes, validation on submit then on input, the server's answer (lastResult) shown and
 * focused, and no browser validation once hydrated. The check is the server's own Zod schema
 * (`schema`), fetched when the person first focuses the form (ADR 062); a submit before it has
 * arrived goes to the server, which answers with the same messages.
 */
export function useCheckedForm({
  id,
  lastResult,
  schema,
}: {
  id: string;
  lastResult: ServerResult | undefined;
  schema: LoadSchema;
}) {
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrorMap>(() => serverFieldErrors(lastResult));
  const [formErrors, setFormErrors] = useState<string[]>(() => lastResult?.error?.[""] ?? []);
  const validated = useRef(Boolean(lastResult));
  const shownResult = useRef(lastResult);

  // A new answer from the server: its errors replace the form's, and the first invalid field gets focus.
  useEffect(() => {
    if (shownResult.current === lastResult) return;
    shownResult.current = lastResult;
    if (!lastResult) return;
    validated.current = true;
    const errors = serverFieldErrors(lastResult);
    setFieldErrors(errors);
    setFormErrors(lastResult.error?.[""] ?? []);
    if (Object.keys(errors).length > 0) requestAnimationFrame(() => focusFirstInvalid(formRef.current));
  }, [lastResult]);

  const validate = (formData: FormData): FieldErrorMap => {
    const check = schemaCheckIfReady(schema);
    return check ? fieldErrorsOf(check(formData)) : {};
  };
  const onFocus = () => {
    if (!schemaCheckIfReady(schema)) loadSchemaCheck(schema).catch(() => undefined);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    validated.current = true;
    const found = validate(new FormData(event.currentTarget));
    setFieldErrors(found);
    if (Object.keys(found).length > 0) {
      event.preventDefault();
      setFormErrors([]);
      // After React has rendered aria-invalid.
      const form = event.currentTarget;
      requestAnimationFrame(() => focusFirstInvalid(form));
    }
  };

  const onInput: FormEventHandler<HTMLFormElement> = (event) => {
    if (!validated.current) return;
    const name = (event.target as HTMLInputElement).name;
    if (!name) return;
    const found = validate(new FormData(event.currentTarget));
    setFieldErrors((previous) => {
      const next = { ...previous };
      if (found[name]) next[name] = found[name];
      else delete next[name];
      return next;
    });
  };

  const field = (name: string): CheckedField => {
    const fieldId = `${id}-${name}`;
    const errors = fieldErrors[name];
    const initial = lastResult?.initialValue?.[name];
    return {
      id: fieldId,
      name,
      errorId: `${fieldId}-error`,
      errors,
      inputProps: {
        name,
        form: id,
        required: true,
        defaultValue: typeof initial === "string" ? initial : undefined,
      },
    };
  };

  return {
    formProps: {
      id,
      ref: formRef,
      noValidate: hydrated,
      onSubmit,
      onInput,
      onFocus,
      "aria-describedby": formErrors.length > 0 ? `${id}-error` : undefined,
    },
    form: { errorId: `${id}-error`, errors: formErrors },
    field,
  };
}
