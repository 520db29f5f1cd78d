import { BOOKING_MESSAGES } from "~/server/bookings/messages";
import type { FieldDescription } from "~/server/leads/forms";
import { fieldDomId, fieldErrorId } from "~/app/lib/forms/field-ids";

type SlotPickerProps = {
  formId: string;
  field: FieldDescription;
  state: { key?: string; initialValue?: unknown; errors?: string[] };
};

type Day = { label: string; times: { value: string; label: string }[] };

function byDay(options: NonNullable<FieldDescription["options"]>): Day[] {
  const days: Day[] = [];
  for (const option of options) {
    const label = option.group ?? "";
    let day = days.at(-1);
    if (!day || day.label !== label) {
      day = { label, times: [] };
      days.push(day);
    }
    day.times.push({ value: option.value, label: option.label });
  }
  return days;
}

/**
 * The dealership's free slots as one radio list grouped by day, then time — a plain form control,
 * so it works without JavaScript; the chosen value is the slot's instant.
 */
export function SlotPicker({ formId, field, state }: SlotPickerProps) {
  const id = fieldDomId(formId, field.name);
  const errors = state.errors ?? [];
  const invalid = errors.length > 0;
  return (
    <fieldset
      className="space-y-3"
      data-testid="slot-picker"
      aria-describedby={`${id}-hint${invalid ? ` ${fieldErrorId(formId, field.name)}` : ""}`}
    >
      <legend className="font-medium">{field.label}</legend>
      <p id={`${id}-hint`} className="text-sm text-gray-700">
        {BOOKING_MESSAGES.slotsHint}
      </p>
      {invalid ? (
        <p
          id={fieldErrorId(formId, field.name)}
          role="alert"
          className="text-sm font-medium text-red-700"
          data-testid={`field-error-${field.name}`}
        >
          {errors.join(" ")}
        </p>
      ) : null}
      <div className="max-h-80 space-y-3 overflow-y-auto">
        {byDay(field.options ?? []).map((day, dayIndex) => (
          <fieldset key={`${state.key ?? ""}-${day.label}`} className="rounded border border-gray-200 p-2">
            <legend className="px-1 text-sm font-semibold">{day.label}</legend>
            <div className="flex flex-wrap gap-2">
              {day.times.map((time, timeIndex) => {
                const optionId = `${id}-${dayIndex}-${timeIndex}`;
                return (
                  <div key={time.value} className="flex items-center gap-1 rounded border border-gray-300 px-2 py-1">
                    <input
                      id={optionId}
                      type="radio"
                      name={field.name}
                      value={time.value}
                      defaultChecked={state.initialValue === time.value}
                      className="h-4 w-4 accent-brand"
                    />
                    <label htmlFor={optionId}>{time.label}</label>
                  </div>
                );
              })}
            </div>
          </fieldset>
        ))}
      </div>
    </fieldset>
  );
}
