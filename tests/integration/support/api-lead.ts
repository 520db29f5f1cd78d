import { TEST_PHONE_NUMBER } from "~/server/leads/phone";

/** A General Enquiry for harbourside's dealership, as POST /api/leads takes it ({ lead }). */
export function apiLeadBody(message: string): string {
  return JSON.stringify({
    lead: {
      category: "General Enquiry",
      name: "Jane",
      last_name: "Citizen",
      email: "jane@example.com",
      phone: TEST_PHONE_NUMBER,
      message,
      location_id: 2101,
      dealership_slug: "harbourside-mazda",
      opt_in: true,
    },
  });
}
