// What other handlers may use of the vehicle handlers.
export { requireListedVehicle } from "./vehicle-request";
