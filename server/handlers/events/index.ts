// What other handlers may use of the event handlers: recording a lead's and a shopper's events.
export { recordLeadEvent } from "./lead-event";
export { recordShopperEvent } from "./shopper-event";
export { trackingView } from "./tracking-view";
