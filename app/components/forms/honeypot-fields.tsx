import type { HoneypotInputProps } from "remix-utils/honeypot/server";

/**
 * The honeypot fields remix-utils checks on the server (same names and values as its
 * HoneypotInputs), written as valid HTML: its inputs carry autocomplete="nope", which the Nu HTML
 * Checker refuses ("not a valid autofill field name"); "off" keeps browsers from filling them too.
 */
export function HoneypotFields({
  nameFieldName = "name__confirm",
  validFromFieldName = "from__confirm",
  encryptedValidFrom,
}: HoneypotInputProps) {
  const label = "Please leave this field blank";
  return (
    <div id={`${nameFieldName}_wrap`} style={{ display: "none" }} aria-hidden="true">
      <label htmlFor={nameFieldName}>{label}</label>
      <input id={nameFieldName} name={nameFieldName} type="text" defaultValue="" autoComplete="off" tabIndex={-1} />
      {validFromFieldName && encryptedValidFrom ? (
        <>
          <label htmlFor={validFromFieldName}>{label}</label>
          <input
            id={validFromFieldName}
            name={validFromFieldName}
            type="text"
            value={encryptedValidFrom}
            readOnly
            autoComplete="off"
            tabIndex={-1}
          />
        </>
      ) : null}
    </div>
  );
}
