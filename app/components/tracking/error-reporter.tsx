import { useEffect } from "react";
import { EVENT_IDS } from "~/server/events/definitions";
import { sendEvent, type ClientTracking } from "../../lib/tracking/send-event";

/** spec 001 §8: these messages are not reported. */
export const IGNORED_ERRORS = ["Minified React error", "Hydration"] as const;

export function reportableError(message: string): boolean {
  return message !== "" && !IGNORED_ERRORS.some((ignored) => message.includes(ignored));
}

function messageOf(reason: unknown): string {
  if (reason instanceof Error) return reason.message;
  return typeof reason === "string" ? reason : "";
}

/** spec 001 §8 error reporting: window errors and unhandled rejections to /api/events (event 53), in production only. */
export function ErrorReporter({ tracking, enabled }: { tracking: ClientTracking; enabled: boolean }) {
  useEffect(() => {
    if (!enabled) return;
    const report = (message: string) => {
      if (reportableError(message)) sendEvent(tracking, EVENT_IDS.clientError, { error_message: message.slice(0, 500) });
    };
    const onError = (event: ErrorEvent) => report(event.message || messageOf(event.error));
    const onRejection = (event: PromiseRejectionEvent) => report(messageOf(event.reason));
    window.addEventListener("error", onError);
    window.addEventListener("unhandledrejection", onRejection);
    return () => {
      window.removeEventListener("error", onError);
      window.removeEventListener("unhandledrejection", onRejection);
    };
  }, [tracking, enabled]);
  return null;
}
