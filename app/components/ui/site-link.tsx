/**
 * Links of the public pages (decision 0228): a plain `<a href>` marked `data-discover="site"`,
 * made a client-side navigation by one click handler on the document (`useSiteLinks`, in the root
 * layout) instead of by each link. React Router's `<Link>` runs about twenty hooks per link on
 * every render; on a page of fifty links that was 10-18% of the server's CPU per uncached page
 * (measured in turns against the build before). The click handler follows React Router's
 * own rules for which clicks it takes (a plain left click on a link of this site, no other target,
 * no download; a click another handler already took is left alone), and the attribute keeps React
 * Router's route discovery (it registers every `a[data-discover]`). Without JavaScript, or before
 * hydration, the link is an ordinary link.
 */
import { useEffect, type AnchorHTMLAttributes, type Ref } from "react";
import { useNavigate } from "react-router";

export interface SiteLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  /**
   * A page of this site: an absolute path ("/provider/CBDU1"), with any query and hash, or a
   * query of the page shown ("?page=2"). Resolved as a browser resolves an href (no route-relative
   * paths such as "..", which React Router's <Link> resolves against the route).
   */
  to: string;
  /** The history state the page navigated to reads (`useLocation().state`): a result card's search. */
  state?: Record<string, string>;
  /** Keep the scroll position (a link that changes a filter of the page shown). */
  preventScrollReset?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

const MARK = "site";

export function SiteLink({ to, state, preventScrollReset, ...rest }: SiteLinkProps) {
  return (
    <a
      href={to}
      data-discover={MARK}
      data-state={state ? JSON.stringify(state) : undefined}
      data-keep-scroll={preventScrollReset ? "" : undefined}
      {...rest}
    />
  );
}

/** The site link a click is for, when the app should navigate to it itself; else null. */
function siteLinkClicked(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return null;
  const link = event.target instanceof Element ? event.target.closest("a") : null;
  if (!link || link.dataset.discover !== MARK) return null;
  if ((link.target && link.target !== "_self") || link.hasAttribute("download")) return null;
  return link.origin === window.location.origin ? link : null;
}

/** Makes a click on a site link a client-side navigation, as React Router's `<Link>` does. */
export function useSiteLinks(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const link = siteLinkClicked(event);
      if (!link) return;
      event.preventDefault();
      const to = link.pathname + link.search + link.hash;
      const here = window.location.pathname + window.location.search + window.location.hash;
      const state = link.dataset.state ? (JSON.parse(link.dataset.state) as unknown) : undefined;
      // As <Link>: a link to the page already shown replaces it in the history.
      const preventScrollReset = link.dataset.keepScroll !== undefined;
      void navigate(to, { replace: to === here, state, preventScrollReset });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}
