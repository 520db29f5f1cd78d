import { randomInt } from "node:crypto";

const ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

// spec 000 §5 / 001 §3: anonymous ids are a prefix plus 10 random characters.
function randomSuffix(): string {
  let out = "";
  for (let i = 0; i < 10; i += 1) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

export function newDeviceId(): string {
  return `device_${randomSuffix()}`;
}

export function newSessionId(): string {
  return `session_${randomSuffix()}`;
}

export const ANON_ID_PATTERN = /^(device|session)_[A-Za-z0-9]{10}$/;
