import { describe, expect, it } from "vitest";
import { emptySubmitErrors } from "~/app/lib/forms/required-check";
import { MESSAGES } from "~/server/leads/messages";

const fields = [
  { name: "category", type: "select", required: true },
  { name: "name", type: "text", required: true },
  { name: "email", type: "email", required: true },
  { name: "message", type: "textarea", required: false },
  { name: "services", type: "checkboxes", required: true },
  { name: "terms", type: "checkbox", required: true },
  { name: "car_id", type: "hidden", required: true },
];

describe("emptySubmitErrors (spec 001 §5, validation on submit in the browser)", () => {
  it("an empty submit (nothing typed; a preselected choice is not typing): each empty required field gets the spec's message", () => {
    const values: Record<string, unknown> = { category: "General", name: "  ", email: undefined, services: [], message: "hi" };
    expect(emptySubmitErrors(fields, (name) => values[name])).toEqual({
      name: [MESSAGES.required],
      email: [MESSAGES.required],
      services: [MESSAGES.required],
    });
  });

  it("a partly filled form goes to the server, which answers every rule at once", () => {
    const values: Record<string, unknown> = { name: "Jane" };
    expect(emptySubmitErrors(fields, (name) => values[name])).toEqual({});
  });

  it("single consent boxes and hidden fields are the server's", () => {
    expect(emptySubmitErrors([fields[5]!, fields[6]!], () => undefined)).toEqual({});
  });
});
