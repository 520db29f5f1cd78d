// What other handlers may use of the garage handlers: the saved-cars state and links every page shows.
export { garageEnabled, savedCarsHref } from "./shopper";
export { savedState, type SavedState } from "./saved-state";
