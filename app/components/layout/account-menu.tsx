import { ChevronDownIcon } from "~/components/ui/icons/chevron-down";
import { Form, Link } from "react-router";

export interface MenuUser {
  email: string;
  isAdmin: boolean;
}

/** The signed-in account menu: labelled with the e-mail's local part. */
export function accountLabel(email: string): string {
  return email.split("@")[0] ?? email;
}

export function AccountMenu({ user }: { user: MenuUser }) {
  return (
    <details className="relative">
      <summary className="flex cursor-pointer list-none items-center gap-1 rounded-md px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100">
        {accountLabel(user.email)}
        <ChevronDownIcon aria-hidden className="h-4 w-4" />
      </summary>
      <div className="absolute right-0 z-50 mt-1 w-52 rounded-md border border-slate-200 bg-white py-1 shadow-lg">
        {user.isAdmin ? (
          <Link to="/admin" className="block px-4 py-2 text-sm hover:bg-slate-50">
            Admin Dashboard
          </Link>
        ) : null}
        <Link to="/company" className="block px-4 py-2 text-sm hover:bg-slate-50">
          Company Dashboard
        </Link>
        <Form method="post" action="/logout">
          <button type="submit" className="block w-full px-4 py-2 text-left text-sm hover:bg-slate-50">
            Logout
          </button>
        </Form>
      </div>
    </details>
  );
}
