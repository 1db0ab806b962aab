import { Link, Outlet } from "react-router";

/** The public site's frame: header, page, footer. Auth pages share it. */
export default function SiteLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4">
          <Link to="/" className="text-lg font-bold text-brand-700">
            UK Waste Carrier Directory
          </Link>
        </div>
      </header>
      <div className="flex-1">
        <Outlet />
      </div>
      <footer className="border-t border-slate-200 bg-slate-50 py-8 text-center text-sm text-slate-600">
        © UK Waste Carrier Directory
      </footer>
    </div>
  );
}
