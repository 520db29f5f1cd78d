// What other handlers may use of the content handlers.
export { PAGE_NOT_FOUND } from "./content-route";
