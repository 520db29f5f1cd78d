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
