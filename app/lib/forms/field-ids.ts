/** Field names can hold spaces ('Vehicle Make'); ids cannot. */
export function fieldDomId(formId: string, name: string): string {
  const safe = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return `${formId}-${safe || "field"}`;
}

export function fieldErrorId(formId: string, name: string): string {
  return `${fieldDomId(formId, name)}-error`;
}

/** Browser autofill hints for the contact fields (WCAG 1.3.5). */
export function autoCompleteFor(name: string, label: string): string | undefined {
  switch (name) {
    case "name":
      return label === "First Name" ? "given-name" : "name";
    case "last_name":
      return "family-name";
    case "email":
      return "email";
    case "phone":
      return "tel";
    case "postcode":
      return "postal-code";
    default:
      return undefined;
  }
}
