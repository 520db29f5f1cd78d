import { createContext, useContext } from "react";
import type { ServerRender } from "~/server/context";

const ServerRenderContext = createContext<ServerRender | null>(null);

/** Given by entry.server.tsx around the document's render: the request's context.serverRender. */
export const ServerRenderProvider = ServerRenderContext.Provider;

/** What this document's loaders handed to the server's render alone; null in the browser. */
export function useServerRender(): ServerRender | null {
  return useContext(ServerRenderContext);
}

let documentHydrated = false;

/** Called once the browser has hydrated the server's document (the root's first effect). */
export function markDocumentHydrated(): void {
  documentHydrated = true;
}

/**
 * Whether this render is the browser's hydration of the server's document: the HTML on the page is
 * then what this very render must adopt. Every later render (a client navigation) is false.
 */
export function isHydratingDocument(): boolean {
  return typeof document !== "undefined" && !documentHydrated;
}
