import { createContext, useContext } from "react";
import type { ServerRender } from "~/server/context";

const ServerRenderContext = createContext<ServerRender | null>(null);

/** Given by entry.server.tsx around the document's render: the request's context.serverRender. */
export const ServerRenderProvider = ServerRenderContext.Provider;

/** What this document's loaders handed to the server's render alone; null in the browser. */
export function useServerRender(): ServerRender | null {
  return useContext(ServerRenderContext);
}
