/**
 * A component whose code loads after the page's own (below-the-fold forms that carry the
 * validation library): the browser fetches it as a separate chunk while the page hydrates, and
 * until then keeps the server's HTML in place, which works as a plain form. The server loads it
 * once at start-up and renders it synchronously, so every page's HTML is whole: visitors without
 * JavaScript and crawlers get the component too. Decision 0208.
 */
import { lazy, Suspense, useEffect, useRef, type ComponentType, type ReactNode } from "react";

type Loaded<P> = { default: ComponentType<P> };

export function deferred<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
): ComponentType<P> {
  let ready: Loaded<P> | undefined;
  const fetch = () => load().then((component) => (ready = { default: component }));
  // A thenable that resolves at once lets React.lazy render without suspending.
  const now = (value: Loaded<P>) =>
    ({ then: (resolve: (v: Loaded<P>) => void) => resolve(value) }) as unknown as Promise<Loaded<P>>;
  if (import.meta.env.SSR) void fetch();
  const Lazy = lazy(() => (ready ? now(ready) : fetch()));
  function Deferred(props: P) {
    return (
      <div className="contents" data-deferred="">
        <Suspense fallback={fallback}>
          <Lazy {...props} />
          <HydratedMark />
        </Suspense>
      </div>
    );
  }
  return Deferred;
}

/**
 * Hydrates with the deferred component (same Suspense boundary) and then marks the wrapper
 * data-deferred="ready": from then on the component runs with JavaScript (tests wait for it).
 */
function HydratedMark() {
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    ref.current?.closest("[data-deferred]")?.setAttribute("data-deferred", "ready");
  }, []);
  return <span ref={ref} hidden />;
}
