import { describe, expect, it } from "vitest";
import type { Navigation } from "@remix-run/react";
import { isFieldShown } from "~/app/lib/forms/conditional";
import { autoCompleteFor, fieldDomId, fieldErrorId } from "~/app/lib/forms/field-ids";
import { answerState } from "~/app/lib/forms/form-state";
import { formPageHeaders } from "~/app/lib/forms/headers";
import { isSubmitting } from "~/app/lib/forms/pending";

describe("isFieldShown (spec 001 §5 conditional fields)", () => {
  it("shows unconditional fields, and every field before hydration (no JavaScript)", () => {
    expect(isFieldShown(undefined, undefined, true)).toBe(true);
    expect(isFieldShown("Vehicle Make", { value: undefined, errors: undefined }, false)).toBe(true);
  });

  it("shows a conditional field once its trigger is filled and error-free", () => {
    expect(isFieldShown("Vehicle Make", { value: undefined, errors: undefined }, true)).toBe(false);
    expect(isFieldShown("Vehicle Make", { value: "  ", errors: undefined }, true)).toBe(false);
    expect(isFieldShown("Vehicle Make", { value: "Mazda", errors: ["*This is a required field."] }, true)).toBe(false);
    expect(isFieldShown("Vehicle Make", { value: "Mazda", errors: [] }, true)).toBe(true);
  });
});

describe("answerState (the lead form read from the server's answer, without a form library)", () => {
  it("starts from the page's defaults, a ticked box as 'on'", () => {
    const state = answerState(undefined, { name: "Jane", terms: true, newsletter: false });
    expect(state.formErrors).toBeNull();
    expect(state.field("name")).toEqual({ initialValue: "Jane", errors: undefined });
    expect(state.field("terms").initialValue).toBe("on");
    expect(state.field("newsletter").initialValue).toBeUndefined();
  });

  it("after an answer, shows what was sent with each field's and the form's errors", () => {
    const state = answerState(
      {
        status: "error",
        initialValue: { name: "Jane", email: "jane@" },
        error: { "": ["Please take a moment to check your details and submit again."], email: ["invalid email address"] },
      },
      { name: "Default" },
    );
    expect(state.formErrors).toEqual(["Please take a moment to check your details and submit again."]);
    expect(state.field("name")).toEqual({ initialValue: "Jane", errors: undefined });
    expect(state.field("email")).toEqual({ initialValue: "jane@", errors: ["invalid email address"] });
  });
});

describe("field ids", () => {
  it("turns names with spaces into valid ids, with the error id beside them", () => {
    expect(fieldDomId("trade-form", "Vehicle Make")).toBe("trade-form-vehicle-make");
    expect(fieldDomId("f", "where-did-you-hear-about-us")).toBe("f-where-did-you-hear-about-us");
    expect(fieldErrorId("f", "email")).toBe("f-email-error");
    expect(fieldDomId("f", "***")).toBe("f-field");
  });

  it("gives autofill hints for the contact fields only", () => {
    expect(autoCompleteFor("name", "First Name")).toBe("given-name");
    expect(autoCompleteFor("name", "Name")).toBe("name");
    expect(autoCompleteFor("last_name", "Last Name")).toBe("family-name");
    expect(autoCompleteFor("postcode", "Postcode")).toBe("postal-code");
    expect(autoCompleteFor("message", "Message")).toBeUndefined();
  });
});

describe("isSubmitting (spec 001 §4 'Loading' while submitting and while the success page loads)", () => {
  const idle = { state: "idle" } as unknown as Navigation;
  const submission = (state: "submitting" | "loading", formAction: string) =>
    ({ state, formMethod: "POST", formAction, location: { pathname: "/success" } }) as unknown as Navigation;

  it("is true for this form's POST while submitting and through the redirect load", () => {
    expect(isSubmitting(submission("submitting", "/contact"), "/contact")).toBe(true);
    expect(isSubmitting(submission("loading", "/contact"), "/contact")).toBe(true);
  });

  it("is false when idle, for a plain navigation, or for another form", () => {
    expect(isSubmitting(idle, "/contact")).toBe(false);
    expect(isSubmitting({ state: "loading", formMethod: undefined } as unknown as Navigation, "/contact")).toBe(false);
    expect(isSubmitting(submission("submitting", "/service"), "/contact")).toBe(false);
  });
});

describe("formPageHeaders", () => {
  it("never lets a form page be cached and keeps a 429's Retry-After", () => {
    const headers = formPageHeaders({
      loaderHeaders: new Headers(),
      actionHeaders: new Headers({ "Retry-After": "42" }),
      parentHeaders: new Headers(),
      errorHeaders: undefined,
    });
    expect(new Headers(headers).get("Cache-Control")).toBe("private, no-store");
    expect(new Headers(headers).get("Retry-After")).toBe("42");
  });
});
