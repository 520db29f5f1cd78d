// spec 000 §2: before reveal the first 5 characters show and the rest are asterisks.
const SHOWN_CHARACTERS = 5;

/** Every character after the 5th (spaces included) becomes '*', so the length stays the same. */
export function maskPhone(phone: string): string {
  const characters = Array.from(phone);
  return characters.map((character, index) => (index < SHOWN_CHARACTERS ? character : "*")).join("");
}
