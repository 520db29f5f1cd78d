// What other handlers may use of the lead handlers: the form page and action every lead form shares,
// the form guards (captcha included), the lead API's precheck and the event id of a lead.
export { leadFormAction, type CarSource, type LeadFormActionData } from "./form-action";
export { leadFormPage, leadFormPageResponse } from "./form-page";
export {
  botSuccessPath,
  checkApiCaptcha,
  checkFormCaptcha,
  checkFormGuards,
  checkRateLimit,
  fillTokenFor,
  FILL_TOKEN_FIELD,
  isBot,
  usedFillToken,
  type GuardFailure,
} from "./guards";
export { precheck } from "./api";
export { withEventId } from "./event-id";
