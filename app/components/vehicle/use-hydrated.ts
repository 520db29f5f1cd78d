export { useHydrated } from "remix-utils/use-hydrated";
