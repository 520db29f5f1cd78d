// What other handlers may use of the multi-step handlers: the vehicle a trade-in flow stored.
export { clearStoredVehicle, readStoredVehicle, tradeInDefaults } from "./stored-vehicle";
