import type { FieldDescription } from "~/server/leads/forms";
import { autoCompleteFor, fieldDomId, fieldErrorId } from "~/app/lib/forms/field-ids";
import { SlotPicker } from "../bookings/slot-picker";

/** What the field needs from Conform's metadata. */
export type FieldState = { key?: string; initialValue?: unknown; errors?: string[] };

type LeadFieldProps = { formId: string; field: FieldDescription; state: FieldState };

const inputClass =
  "mt-1 block w-full rounded border border-gray-400 bg-white px-3 py-2 text-gray-900 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand aria-[invalid=true]:border-red-700";

function RequiredMark({ required }: { required: boolean }) {
  // spec 001 §5: required fields are marked with an asterisk; the `required` attribute tells assistive tech.
  return required ? (
    <span aria-hidden="true" className="ml-0.5 text-red-700">
      *
    </span>
  ) : null;
}

function text(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

function isChecked(initial: unknown, value: string): boolean {
  return Array.isArray(initial) ? initial.includes(value) : initial === value;
}

function FieldError({ formId, name, errors }: { formId: string; name: string; errors: string[] | undefined }) {
  if (!errors || errors.length === 0) return null;
  return (
    <p id={fieldErrorId(formId, name)} className="mt-1 text-sm font-medium text-red-700" data-testid={`field-error-${name}`}>
      {errors.join(" ")}
    </p>
  );
}

/** One field of a lead form, rendered from its FieldDescription (server/leads/forms.ts). */
export function LeadField({ formId, field, state }: LeadFieldProps) {
  const id = fieldDomId(formId, field.name);
  const invalid = Boolean(state.errors && state.errors.length > 0);
  const aria = { "aria-invalid": invalid || undefined, "aria-describedby": invalid ? fieldErrorId(formId, field.name) : undefined };
  const testId = `field-${field.name}`;

  if (field.type === "hidden") {
    return <input key={state.key} type="hidden" name={field.name} defaultValue={text(state.initialValue) ?? ""} data-testid={testId} />;
  }

  if (field.type === "slot") return <SlotPicker formId={formId} field={field} state={state} />;

  if (field.type === "checkbox") {
    return (
      <div>
        <div className="flex items-start gap-2">
          <input
            key={state.key}
            id={id}
            type="checkbox"
            name={field.name}
            defaultChecked={state.initialValue === "on"}
            required={field.required}
            className="mt-1 h-4 w-4 accent-brand"
            data-testid={testId}
            {...aria}
          />
          <label htmlFor={id}>
            {field.label}
            <RequiredMark required={field.required} />
          </label>
        </div>
        <FieldError formId={formId} name={field.name} errors={state.errors} />
      </div>
    );
  }

  if (field.type === "checkboxes") {
    return (
      <fieldset data-testid={testId} {...aria}>
        <legend className="font-medium">
          {field.label}
          <RequiredMark required={field.required} />
        </legend>
        <div className="mt-1 grid gap-1 sm:grid-cols-2">
          {(field.options ?? []).map((option, index) => (
            <div key={`${state.key ?? ""}-${option.value}`} className="flex items-center gap-2">
              <input
                id={`${id}-${index}`}
                type="checkbox"
                name={field.name}
                value={option.value}
                defaultChecked={isChecked(state.initialValue, option.value)}
                className="h-4 w-4 accent-brand"
              />
              <label htmlFor={`${id}-${index}`}>{option.label}</label>
            </div>
          ))}
        </div>
        <FieldError formId={formId} name={field.name} errors={state.errors} />
      </fieldset>
    );
  }

  const label = (
    <label htmlFor={id} className="block font-medium">
      {field.label}
      <RequiredMark required={field.required} />
    </label>
  );
  const common = {
    id,
    name: field.name,
    required: field.required,
    className: inputClass,
    "data-testid": testId,
    "data-phone-region": field.phoneRegion,
    ...aria,
  };

  let control;
  if (field.type === "textarea") {
    control = <textarea key={state.key} rows={5} defaultValue={text(state.initialValue)} maxLength={field.maxLength} {...common} />;
  } else if (field.type === "select") {
    control = (
      <select key={state.key} defaultValue={text(state.initialValue) ?? ""} {...common}>
        <option value="">Please select</option>
        {(field.options ?? []).map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  } else {
    control = (
      <input
        key={state.key}
        type={field.type}
        defaultValue={text(state.initialValue)}
        maxLength={field.maxLength}
        inputMode={field.name === "postcode" ? "numeric" : undefined}
        autoComplete={autoCompleteFor(field.name, field.label)}
        {...common}
      />
    );
  }
  return (
    <div>
      {label}
      {control}
      <FieldError formId={formId} name={field.name} errors={state.errors} />
    </div>
  );
}
