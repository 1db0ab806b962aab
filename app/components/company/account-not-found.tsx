import { Link } from "react-router";
import { Building2 } from "lucide-react";
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
