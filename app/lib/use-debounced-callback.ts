import { useEffect, useMemo, useRef } from "react";

/** Calls `callback` once, `delayMs` after the last call; cancelled on unmount. */
export function useDebouncedCallback(callback: () => void, delayMs: number): () => void {
  const latest = useRef(callback);
  latest.current = callback;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useMemo(
    () => () => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => latest.current(), delayMs);
    },
    [delayMs],
  );
}
