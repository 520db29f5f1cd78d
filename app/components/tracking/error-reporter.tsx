import { useEffect } from "react";
import { tagRuntime, type ClientTracking } from "../../lib/tracking/send-event";

/** spec 001 §8 error reporting (event 53 to /api/events), in production only; the listeners live in the tracking runtime. */
export function ErrorReporter({ tracking, enabled }: { tracking: ClientTracking; enabled: boolean }) {
  useEffect(() => {
    if (!enabled) return;
    let remove = () => {};
    let cancelled = false;
    void tagRuntime().then((runtime) => {
      if (!cancelled) remove = runtime.reportErrors(tracking);
    });
    return () => {
      cancelled = true;
      remove();
    };
  }, [tracking, enabled]);
  return null;
}
