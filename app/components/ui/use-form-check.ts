import { useState, type FormEvent } from "react";
import type { FieldIssues } from "~/lib/shared/field-issues";

const NO_ISSUES: FieldIssues = Object.freeze({}) as FieldIssues;

/** The first control of a form named `name` (a radio group's first radio). */
function controlNamed(form: HTMLFormElement, name: string): HTMLElement | null {
  const found = form.elements.namedItem(name);
  if (found instanceof RadioNodeList) return (found[0] as HTMLElement | undefined) ?? null;
  return found instanceof HTMLElement ? found : null;
}

/**
 * Checks a plain form in the browser before it posts, with `check`: the server's own schema and
 * messages. A submit with problems is stopped, each shows under its field and the first problem's
 * field takes the focus; while problems show, every edit checks again, so a message goes as soon
 * as its field is right (a field without a message is not nagged while it is being filled). The
 * server checks everything again, and its answer (`serverIssues`, also what a browser without
 * JavaScript gets) shows until the browser next finds problems of its own.
 */
export function useFormCheck(check: (form: FormData) => FieldIssues, serverAnswer: FieldIssues | undefined) {
  const serverIssues = serverAnswer ?? NO_ISSUES;
  const [found, setFound] = useState<{ issues: FieldIssues; answer: FieldIssues } | null>(null);
  // What the browser found stands until the server answers again (a new answer object).
  const issues = found && found.answer === serverIssues ? found.issues : serverIssues;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const next = check(new FormData(form));
    setFound({ issues: next, answer: serverIssues });
    const first = Object.keys(next)[0];
    if (first === undefined) return;
    event.preventDefault();
    controlNamed(form, first)?.focus();
  };

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const shown = Object.keys(issues);
    if (shown.length === 0) return;
    const now = check(new FormData(event.currentTarget));
    const still: FieldIssues = {};
    for (const name of shown) if (now[name]) still[name] = now[name];
    setFound({ issues: still, answer: serverIssues });
  };

  return { issues, onSubmit, onChange };
}
