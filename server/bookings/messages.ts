/** What the booking forms say (not in the spec; kept here in one place). */
export const BOOKING_MESSAGES = {
  slotTaken: "Sorry, that time has just been taken. Please choose another time.",
  slotsLegend: "Choose a time",
  slotsHint: "Times are shown in the dealership's local time. Leave all unselected if none suits and we will call you.",
} as const;
