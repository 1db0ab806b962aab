/**
 * A component whose code loads after the page's own (below-the-fold forms that carry the
 * validation library), and only when the visitor heads for it: when it comes within half a
 * screen of the viewport, or is touched, clicked or tabbed into. Decisions 0208, 0224 and 0225.
 *
 * - By default the server renders it whole (the server loads its module once at start-up), and
 *   React keeps that HTML in place until the code arrives: it works as a plain form, and visitors
 *   without JavaScript and crawlers get the component too.
 * - With a `placeholder`, the server renders the placeholder instead, and the component takes its
 *   place once the visitor heads for it: for a component most views never reach, whose markup
 *   would cost the server on every view. The placeholder must work without JavaScript (a link to
 *   a page holding the same form).
 */
import { lazy, memo, Suspense, useEffect, useRef, useState, type ComponentType, type ReactNode } from "react";

type Loaded<P> = { default: ComponentType<P> };

/** What shows while a component's code loads after a client-side navigation: a form-sized box. */
const LOADING = (
  <div aria-hidden className="min-h-96 animate-pulse rounded-lg border border-slate-200 bg-slate-50" />
);

export function deferred<P extends object>(
  name: string,
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = LOADING,
): ComponentType<P & { placeholder?: ReactNode }> {
  let ready: Loaded<P> | undefined;
  const fetch = () => load().then((component) => (ready = { default: component }));
  // A thenable that resolves at once lets React.lazy render without suspending.
  const now = (value: Loaded<P>) =>
    ({ then: (resolve: (v: Loaded<P>) => void) => resolve(value) }) as unknown as Promise<Loaded<P>>;
  if (import.meta.env.SSR) void fetch();
  // The code is fetched once any instance is wanted (each watches its own place on the page: a
  // client-side navigation to another page with the same component watches the new one).
  let want = () => {};
  const wanted = new Promise<void>((resolve) => (want = resolve));
  const Lazy = lazy(() => (ready ? now(ready) : wanted.then(fetch)));
  function Deferred({ placeholder, ...props }: P & { placeholder?: ReactNode }) {
    const ref = useRef<HTMLDivElement>(null);
    const onDemand = placeholder !== undefined;
    const [near, setNear] = useState(false);
    useEffect(() => {
      if (!ref.current) return;
      return whenNear(ref.current, () => {
        want();
        // Only the placeholder gives way: a server-rendered boundary waits, untouched, for its code
        // (an update before it has hydrated would make React throw its HTML away).
        if (onDemand) setNear(true);
      });
    }, [onDemand]);
    return (
      <div ref={ref} className="contents" data-deferred="" data-deferred-name={name}>
        {onDemand && !near ? (
          placeholder
        ) : (
          <Suspense fallback={placeholder ?? fallback}>
            <Lazy {...(props as P)} />
            <HydratedMark />
          </Suspense>
        )}
      </div>
    );
  }
  // Unchanged props leave it alone while its server HTML waits for the code (see above).
  return memo(Deferred) as unknown as ComponentType<P & { placeholder?: ReactNode }>;
}

const WAKE_EVENTS = ["pointerdown", "focusin", "keydown"] as const;

/**
 * Calls `wake` once what `wrapper` holds is within half a screen of the viewport or the visitor
 * interacts with it; at once when the browser cannot tell. What it holds may change meanwhile
 * (React may swap server HTML for the fallback): new content is watched too. Returns a cleanup.
 */
function whenNear(wrapper: Element, wake: () => void): () => void {
  if (typeof IntersectionObserver === "undefined" || typeof MutationObserver === "undefined") {
    wake();
    return () => {};
  }
  const stop = () => {
    seen.disconnect();
    changes.disconnect();
    for (const type of WAKE_EVENTS) wrapper.removeEventListener(type, woken, true);
  };
  const woken = () => {
    stop();
    wake();
  };
  const seen = new IntersectionObserver(
    (entries) => {
      if (entries.some((e) => e.isIntersecting)) woken();
    },
    { rootMargin: "50% 0px" },
  );
  const watch = (nodes: Iterable<Node>) => {
    for (const node of nodes) if (node instanceof Element && !node.hasAttribute("hidden")) seen.observe(node);
  };
  const changes = new MutationObserver((records) => records.forEach((r) => watch(r.addedNodes)));
  watch(wrapper.children);
  changes.observe(wrapper, { childList: true });
  for (const type of WAKE_EVENTS) wrapper.addEventListener(type, woken, true);
  return stop;
}

/**
 * Hydrates (or renders) with the deferred component (same Suspense boundary) and then marks the
 * wrapper data-deferred="ready": from then on the component runs with JavaScript (tests wait).
 */
function HydratedMark() {
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    ref.current?.closest("[data-deferred]")?.setAttribute("data-deferred", "ready");
  }, []);
  return <span ref={ref} hidden />;
}
