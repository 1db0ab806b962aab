/** /company: the signed-in account and its listing, if any (the full dashboard comes with the company issue). */
import { Building2 } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { ButtonLink } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { getAccount } from "~/modules/accounts/get-account.server";
import { getApp } from "~/platform/context";
import { requireUser } from "../auth/guards.server";
import type { Route } from "./+types/index";

export function meta() {
  return [{ title: "Company Dashboard | UK Waste Carrier Directory" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const user = await requireUser(request, context, url);
  const account = await getAccount(getApp(context).db, user.id);
  if (!account) throw new Response("Not found", { status: 404 });
  return { account: { ...account, createdAt: account.createdAt.toISOString() } };
}

export default function CompanyHome({ loaderData }: Route.ComponentProps) {
  const { account } = loaderData;
  const listing = account.listing;
  return (
    <main className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900">Company Dashboard</h1>
      {listing ? (
        <Card className="mt-6">
          <CardHeader className="flex flex-wrap items-center justify-between gap-2">
            <CardTitle>{listing.businessName}</CardTitle>
            {listing.verified ? <Badge tone="green">Verified Listing</Badge> : <Badge tone="amber">Awaiting Approval</Badge>}
          </CardHeader>
          <CardContent>
            <dl className="grid gap-4 text-sm sm:grid-cols-3">
              <div>
                <dt className="text-slate-600">Registration Number</dt>
                <dd className="font-semibold">{listing.registrationNumber}</dd>
              </div>
              <div>
                <dt className="text-slate-600">Expiry Date</dt>
                <dd className="font-semibold">{listing.expiryDate ? new Date(listing.expiryDate).toLocaleDateString("en-GB") : "Not specified"}</dd>
              </div>
              <div>
                <dt className="text-slate-600">Account Status</dt>
                <dd className="font-semibold">{listing.verified ? "Active" : "Pending approval"}</dd>
              </div>
            </dl>
            <ButtonLink to={`/provider/${encodeURIComponent(listing.registrationNumber)}`} variant="outline" size="sm" className="mt-4">
              View public profile
            </ButtonLink>
          </CardContent>
        </Card>
      ) : (
        <Card className="mt-6">
          <CardContent className="py-10 text-center">
            <Building2 aria-hidden className="mx-auto h-10 w-10 text-slate-400" />
            <h2 className="mt-3 text-lg font-semibold">Account Not Found</h2>
            <p className="mt-1 text-sm text-slate-600">There is no business listing linked to {account.email} yet.</p>
            <div className="mt-5 flex flex-wrap justify-center gap-3">
              <ButtonLink to="/" variant="outline">
                Return to Home
              </ButtonLink>
              <ButtonLink to="/register">Register Business</ButtonLink>
            </div>
          </CardContent>
        </Card>
      )}
      <Card className="mt-6">
        <CardHeader>
          <CardTitle>Account Information</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-wrap items-center justify-between gap-3 text-sm">
          <div>
            <p>
              Signed in as <strong>{account.email}</strong>
            </p>
            <p className="text-slate-600">Two-factor authentication: {account.totpEnabled ? "on" : "off"}</p>
          </div>
          <ButtonLink to="/account/security" variant="outline" size="sm">
            Account security
          </ButtonLink>
        </CardContent>
      </Card>
    </main>
  );
}
