import type { Site, VehicleButton } from "~/server/tenants/schema";
import { isSold } from "./availability";
import { canReserve } from "./can-reserve";
import { financeAvailable } from "./finance-offer";
import { tradeInAvailable } from "./trade-in";
import type { Vehicle } from "./vehicle";

type ButtonVehicle = Parameters<typeof canReserve>[0] & Pick<Vehicle, "make" | "dealership_id" | "show_on_dealer_website" | "file">;
type ButtonSite = Pick<
  Site,
  "features" | "payment_provider" | "zendesk_key" | "livechat_agent_group" | "podium_api_token" | "impel_chatbot_key" | "flags"
>;

function hasChat(site: ButtonSite): boolean {
  return Boolean(site.features.chat_url || site.zendesk_key || site.livechat_agent_group || site.podium_api_token);
}

// spec 000 §2 vehicle page buttons; sold vehicles (still listed) get no reserve and no finance.
const shows: Record<VehicleButton, (vehicle: ButtonVehicle, site: ButtonSite) => boolean> = {
  dealer_phone_box: () => true,
  payment_methods: (_vehicle, site) => site.payment_provider !== null,
  call_us_now: () => true,
  // The finance enquiry form works without a lender offer, so only whether the vehicle may be financed counts.
  get_finance: (vehicle, site) => financeAvailable(vehicle, site),
  enquire_now: () => true,
  book_test_drive: () => true,
  trade_in_valuation: (vehicle, site) => tradeInAvailable(vehicle, site),
  chat: (_vehicle, site) => hasChat(site),
  reserve_car_now: (vehicle, site) => !isSold(vehicle) && canReserve(vehicle, site),
  // spec 000 §2: the history report button appears only when the vehicle has a file.
  car_history_report: (vehicle) => Boolean(vehicle.file?.trim()),
  // Every site has its own assistant (/assistant, answering from its stock and hours without JS), so the
  // button shows wherever the dealer configured it; it opens that assistant with the car in context.
  open_assistant_chat: () => true,
};

/** The site's configured buttons (features.vehicle_buttons), in its order, that apply to this vehicle. */
export function vehicleButtons(vehicle: ButtonVehicle, site: ButtonSite): VehicleButton[] {
  return site.features.vehicle_buttons.filter((button) => shows[button](vehicle, site));
}

/** How prominently a button shows: one primary action, two secondary, the rest as a compact list. */
export type ButtonRank = "primary" | "secondary" | "more";

// Enquire now is the primary action; Call and Book a test drive the secondary ones.
const ranks: Partial<Record<VehicleButton, ButtonRank>> = {
  enquire_now: "primary",
  call_us_now: "secondary",
  book_test_drive: "secondary",
};

export function buttonRank(button: VehicleButton): ButtonRank {
  return ranks[button] ?? "more";
}
