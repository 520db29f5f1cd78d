import { MESSAGES } from "./messages";

/** The database could not be reached or refused the write; the route answers 503 with this message. */
export class LeadStoreUnavailableError extends Error {
  readonly status = 503;
  constructor(cause: unknown) {
    super(MESSAGES.submitError, { cause });
    this.name = "LeadStoreUnavailableError";
  }
}

/** No lead with this id for this tenant (another tenant's id included). */
export class LeadNotFoundError extends Error {
  readonly status = 404;
  constructor(readonly leadId: string) {
    super(`lead ${leadId} not found`);
    this.name = "LeadNotFoundError";
  }
}

/** Texts of the store's refusals; ours (the spec has none), shown in the form or as the API's `error`. */
export const STORE_REFUSALS = {
  complete: "This enquiry has already been sent and can no longer be changed.",
  fillTokenUsed: "This form has already been sent. Please reload the page to send another enquiry.",
} as const;

/** A Complete lead is final; neither PUT nor a multi-step step may change it. */
export class LeadCompleteError extends Error {
  readonly status = 409;
  constructor(readonly leadId: string) {
    super(STORE_REFUSALS.complete);
    this.name = "LeadCompleteError";
  }
}

/** A multi-step cookie older than the lead's latest step; `currentStep` is where the lead is. */
export class StaleFlowError extends Error {
  readonly status = 409;
  constructor(
    readonly leadId: string,
    readonly currentStep: number,
  ) {
    super(`lead ${leadId} was saved by a newer step`);
    this.name = "StaleFlowError";
  }
}

/** The form's fill-time token already served a lead. */
export class FillTokenUsedError extends Error {
  readonly status = 400;
  constructor() {
    super(STORE_REFUSALS.fillTokenUsed);
    this.name = "FillTokenUsedError";
  }
}
