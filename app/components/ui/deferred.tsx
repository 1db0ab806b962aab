/**
 * A component whose code loads after the page's own (below-the-fold forms that carry the
 * validation library), and only when the visitor heads for it: when its server HTML comes within
 * half a screen of the viewport, or is touched, clicked or tabbed into. Until then React keeps the
 * server's HTML in place, which works as a plain form. The server loads it once at start-up and
 * renders it synchronously, so every page's HTML is whole: visitors without JavaScript and
 * crawlers get the component too. Decisions 0208 and 0224.
 */
import { lazy, Suspense, useEffect, useRef, type ComponentType, type ReactNode } from "react";

type Loaded<P> = { default: ComponentType<P> };

export function deferred<P extends object>(
  name: string,
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
): ComponentType<P> {
  let ready: Loaded<P> | undefined;
  const fetch = () => load().then((component) => (ready = { default: component }));
  // A thenable that resolves at once lets React.lazy render without suspending.
  const now = (value: Loaded<P>) =>
    ({ then: (resolve: (v: Loaded<P>) => void) => resolve(value) }) as unknown as Promise<Loaded<P>>;
  if (import.meta.env.SSR) void fetch();
  const Lazy = lazy(() => (ready ? now(ready) : whenNeeded(name).then(fetch)));
  function Deferred(props: P) {
    return (
      <div className="contents" data-deferred="" data-deferred-name={name}>
        <Suspense fallback={fallback}>
          <Lazy {...props} />
          <HydratedMark />
        </Suspense>
      </div>
    );
  }
  return Deferred;
}

const WAKE_EVENTS = ["pointerdown", "focusin", "keydown"] as const;

/**
 * Resolves once the server's HTML of `name` is within half a screen of the viewport or the
 * visitor interacts with it; at once when it is not in the document (a client-side navigation
 * renders it afresh, showing the fallback until the code arrives) or the browser cannot tell.
 */
function whenNeeded(name: string): Promise<void> {
  const wrapper = document.querySelector(`[data-deferred-name="${name}"]`);
  const boxes = wrapper ? [...wrapper.children].filter((el) => !el.hasAttribute("hidden")) : [];
  if (!wrapper || !boxes.length || typeof IntersectionObserver === "undefined") return Promise.resolve();
  return new Promise((resolve) => {
    const wake = () => {
      observer.disconnect();
      for (const type of WAKE_EVENTS) wrapper.removeEventListener(type, wake, true);
      resolve();
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) wake();
      },
      { rootMargin: "50% 0px" },
    );
    for (const box of boxes) observer.observe(box);
    for (const type of WAKE_EVENTS) wrapper.addEventListener(type, wake, true);
  });
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
