import { Link } from "react-router";
import { Building2 } from "lucide-react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";

/** For a signed-in user with no business linked to the account. */
export function AccountNotFound({ email }: { email: string }) {
  return (
    <Card className="mt-6">
      <CardContent className="py-10 text-center">
        <Building2 aria-hidden className="mx-auto h-10 w-10 text-slate-400" />
        <h2 className="mt-3 text-lg font-semibold">Account Not Found</h2>
        <p className="mx-auto mt-1 max-w-md text-sm text-slate-600">
          There is no business listing linked to {email} yet. Claim your listing from its profile page, or
          register your business.
        </p>
        <div className="mt-5 flex flex-wrap justify-center gap-3">
          <Button asChild variant="outline">
            <Link to="/">Return to Home</Link>
          </Button>
          <Button asChild>
            <Link to="/register">Register Business</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/**
 * A /company page with nothing to show: it could not be loaded (`loadError`), or no business is
 * linked to the account.
 */
export function CompanyPageUnavailable({
  title,
  email,
  loadError = null,
  width = "max-w-4xl",
}: {
  title: string;
  email: string;
  loadError?: string | null;
  /** The page's own width, so the heading stays where the page's content starts. */
  width?: "max-w-4xl" | "max-w-5xl";
}) {
  return (
    <main className={`mx-auto ${width} px-4 py-8`}>
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      {loadError ? (
        <Alert tone="error" title="Error" className="mt-6">
          {loadError}. Please try again in a moment.
        </Alert>
      ) : (
        <AccountNotFound email={email} />
      )}
    </main>
  );
}
