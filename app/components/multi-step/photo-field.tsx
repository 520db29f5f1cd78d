import { fieldDomId, fieldErrorId } from "~/app/lib/forms/field-ids";

/** The photos input of a multipart step: images only, several at once, optional. */
export function PhotoField({ formId, name, label, errors }: { formId: string; name: string; label: string; errors: string[] | undefined }) {
  const id = fieldDomId(formId, name);
  const invalid = Boolean(errors && errors.length > 0);
  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      <p id={`${id}-hint`} className="text-sm text-gray-700">
        Optional. Up to 10 photos (JPEG, PNG, WebP or HEIC), 10 MB each.
      </p>
      <input
        id={id}
        type="file"
        name={name}
        multiple
        accept="image/jpeg,image/png,image/webp,image/heic"
        className="mt-1 block w-full text-sm file:mr-3 file:rounded file:border-0 file:bg-brand file:px-3 file:py-2 file:font-semibold file:text-brand-contrast"
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-hint ${fieldErrorId(formId, name)}` : `${id}-hint`}
        data-testid={`field-${name}`}
      />
      {invalid ? (
        <p id={fieldErrorId(formId, name)} className="mt-1 text-sm font-medium text-red-700" data-testid={`field-error-${name}`}>
          {errors?.join(" ")}
        </p>
      ) : null}
    </div>
  );
}
