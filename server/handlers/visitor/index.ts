// What other handlers may use of the visitor handlers.
export { returnPath } from "./forget-details";
