/**
 * The request context a route module's loader or action is called with in a test: the services it
 * reads through `getApp(context)`, with a request id and an empty nonce unless given.
 */
import { RouterContextProvider } from "react-router";
import { appContext, type AppContext } from "~/web/context";

export function routeContext(app: Partial<AppContext>): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(appContext, { requestId: "test", nonce: "", ...app } as AppContext);
  return context;
}
