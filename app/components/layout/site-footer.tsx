import { SiteLink } from "~/components/ui/site-link";
import { Logo } from "./site-header";
import { SITE_NAME } from "~/platform/brand";

const COLUMNS: { heading: string; links: { to: string; label: string }[] }[] = [
  {
    heading: "Directory",
    links: [
      { to: "/search-results", label: "Search carriers" },
      { to: "/register", label: "Register My Business" },
      { to: "/wastenotegeneration", label: "Waste transfer notes" },
    ],
  },
  {
    heading: "Guidance",
    links: [
      { to: "/resources", label: "Resources" },
      { to: "/legislation", label: "Legislation" },
      { to: "/recycling-guides", label: "Recycling guides" },
      { to: "/faq", label: "FAQ" },
    ],
  },
  {
    heading: "Company",
    links: [
      { to: "/about", label: "About us" },
      { to: "/contact", label: "Contact" },
    ],
  },
  {
    heading: "Legal",
    links: [
      { to: "/privacy", label: "Privacy policy" },
      { to: "/terms", label: "Terms of use" },
      { to: "/cookies", label: "Cookie policy" },
    ],
  },
];

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[1.4fr_3fr]">
        <div className="max-w-sm">
          <Logo />
          <p className="mt-4 text-sm leading-6 text-slate-600">
            Find and check licensed waste carriers across the UK. Listings come from the Environment Agency's
            public register of waste carriers, brokers and dealers.
          </p>
        </div>
        <nav aria-label="Footer" className="grid grid-cols-2 gap-8 sm:grid-cols-4">
          {COLUMNS.map((col) => (
            <div key={col.heading}>
              <h2 className="text-sm font-semibold text-slate-900">{col.heading}</h2>
              <ul className="mt-3 space-y-2">
                {col.links.map((l) => (
                  <li key={l.to}>
                    <SiteLink to={l.to} className="footer-link">
                      {l.label}
                    </SiteLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <div className="border-t border-slate-200">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-5 text-xs text-slate-600 sm:flex-row sm:justify-between sm:px-6">
          <p>
            © {new Date().getFullYear()} {SITE_NAME}. All rights reserved.
          </p>
          <p>Always check a carrier's registration before handing over your waste.</p>
        </div>
      </div>
    </footer>
  );
}
