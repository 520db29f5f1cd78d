import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useState, type FormEvent } from "react";
import type { FieldState } from "~/app/components/forms/lead-field";
import { emptySubmitErrors, type RequiredField } from "./required-check";

type Values = Record<string, unknown>;

/** What a field holds in the browser's form data: undefined when absent, one string, or the list (checkbox groups). */
function formValue(form: HTMLFormElement, name: string): unknown {
  const values = new FormData(form).getAll(name).filter((value): value is string => typeof value === "string");
  if (values.length === 0) return undefined;
  return values.length === 1 ? values[0] : values;
}

/** A default as the form holds it: a ticked box is "on" and an unticked one is absent, as Conform's serialisation. */
function asFormValue(value: unknown): unknown {
  if (typeof value === "boolean") return value ? "on" : undefined;
  return value;
}

export type AnswerState = {
  /** The form-level errors of the last answer (guards, delivery failure), or null. */
  formErrors: string[] | null;
  /** The value a field starts from and its errors. */
  field: (name: string) => FieldState;
};

/** What the server's last answer (or, before any, the page's defaults) says about the form. */
export function answerState(lastResult: SubmissionResult<string[]> | undefined, defaultValue: Values | undefined): AnswerState {
  const initial: Values = (lastResult?.initialValue as Values | null | undefined) ?? defaultValue ?? {};
  const errors = (lastResult?.error ?? {}) as Record<string, string[] | null | undefined>;
  const formErrors = errors[""];
  return {
    formErrors: formErrors && formErrors.length > 0 ? formErrors : null,
    field: (name) => ({ initialValue: asFormValue(initial[name]), errors: errors[name] ?? undefined }),
  };
}

export type LeadFormState = AnswerState & {
  /** The field's current value: what was typed since the last answer, else the answer's or the default. */
  value: (name: string) => unknown;
  /** On the <form>: follows the fields that reveal others (spec 001 §5 conditional fields). */
  onChange: (event: FormEvent<HTMLFormElement>) => void;
  /** On the <form>: a hydrated form with every required field empty shows their messages instead of posting. */
  onSubmit: (event: FormEvent<HTMLFormElement>, shown: readonly RequiredField[]) => void;
};

/**
 * The lead form's state without a form library in the browser (JS budget, docs/benchmarks.md): the
 * server validates every submit (Conform + zod in the action) and answers with Conform's
 * SubmissionResult — errors and the submitted values — read here as plain data. With JavaScript the
 * fields named in `watched` are followed as they change, so conditional fields appear at once.
 */
export function useLeadFormState(
  lastResult: SubmissionResult<string[]> | undefined,
  defaultValue: Values | undefined,
  watched: readonly string[],
): LeadFormState {
  const answer = answerState(lastResult, defaultValue);
  const [typed, setTyped] = useState<Values>({});
  const [missing, setMissing] = useState<Record<string, string[]>>({});
  // A new answer from the server says what the form holds now.
  useEffect(() => {
    setTyped({});
    setMissing({});
  }, [lastResult]);
  return {
    ...answer,
    field: (name) => {
      const state = answer.field(name);
      return missing[name] ? { ...state, errors: missing[name] } : state;
    },
    value: (name) => (name in typed ? typed[name] : answer.field(name).initialValue),
    onChange: (event) => {
      const target = event.target as Partial<HTMLInputElement>;
      if (typeof target.name !== "string" || !watched.includes(target.name)) return;
      const name = target.name;
      // Read now: React clears the event's currentTarget once the handler returns.
      const value = formValue(event.currentTarget, name);
      setTyped((current) => ({ ...current, [name]: value }));
    },
    onSubmit: (event, shown) => {
      const form = event.currentTarget;
      const errors = emptySubmitErrors(shown, (name) => formValue(form, name));
      setMissing(errors);
      const first = Object.keys(errors)[0];
      if (first === undefined) return;
      event.preventDefault();
      const element = form.elements.namedItem(first);
      const target = element instanceof RadioNodeList ? element[0] : element;
      if (target instanceof HTMLElement) target.focus();
    },
  };
}
