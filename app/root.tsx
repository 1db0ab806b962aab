import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
  type LinksFunction,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { Toaster } from "./components/ui/toast";
import { useSiteLinks } from "./components/ui/site-link";
import { getApp, routePatternContext } from "~/web/context";
import { takeToast } from "~/web/toast.server";
import { getAuth, takeSessionCookie } from "~/web/guards.server";
import { SITE_NAME } from "~/platform/brand";

export const links: LinksFunction = () => [
  // With a precedence React writes the stylesheet at the top of <head>, before the scripts'
  // modulepreload links, so a slow connection fetches what the first paint needs first (issue 18).
  { rel: "stylesheet", href: stylesheet, precedence: "default" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
];

/** A request whose address was refused (app/web/request-input.server.ts) stops here, whatever the route. */
export const middleware: Route.MiddlewareFunction[] = [
  ({ context, pattern }) => {
    context.set(routePatternContext, pattern);
    const problem = getApp(context).requestProblem;
    if (problem) throw data(problem.message, { status: problem.status });
  },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const { toast, setCookie } = await takeToast(request, context);
  const auth = await getAuth(request, context);
  const sessionCookie = await takeSessionCookie(request, context);
  const headers = new Headers();
  if (setCookie) headers.append("Set-Cookie", setCookie);
  if (sessionCookie) headers.append("Set-Cookie", sessionCookie);
  const user: null | { email: string; isAdmin: boolean } = auth.user
    ? { email: auth.user.email, isAdmin: auth.user.isAdmin }
    : null;
  return data({ nonce: app.nonce, toast, user }, { headers });
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  // Browsers blank the nonce attribute once the page is parsed (so scripts cannot read it), and
  // hydration compares against that: the client renders "" to match; the server, the real one.
  const nonce = typeof document === "undefined" ? data?.nonce : "";
  useSiteLinks();
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#15803d" />
        <Meta />
        <Links nonce={nonce} />
      </head>
      <body className="min-h-screen">
        {children}
        <Toaster initial={data?.toast} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

const ERROR_TITLES: Record<number, string> = {
  400: "We could not accept that request",
  403: "Not allowed",
  405: "Not allowed",
  413: "Too large to send",
  429: "Too many requests",
};

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let title = "Something went wrong";
  let details = "An unexpected error occurred. Please try again.";
  if (isRouteErrorResponse(error)) {
    title =
      error.status === 404
        ? "Page not found"
        : (ERROR_TITLES[error.status] ?? `${error.status} ${error.statusText}`);
    details = error.status === 404 ? "The page you were looking for does not exist." : details;
    // A refusal of the request (400, 413...) says what to change.
    if (
      error.status >= 400 &&
      error.status < 500 &&
      error.status !== 404 &&
      typeof error.data === "string" &&
      error.data
    )
      details = error.data;
  }
  return (
    <main className="mx-auto max-w-2xl px-4 py-16 text-center">
      <title>{`${title} | ${SITE_NAME}`}</title>
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-4 text-slate-600">{details}</p>
      <a href="/" className="mt-8 inline-block rounded-md bg-brand-600 px-4 py-2 font-semibold text-white">
        Return to Home
      </a>
    </main>
  );
}
