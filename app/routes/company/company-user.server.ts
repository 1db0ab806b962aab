/**
 * How every /company loader and action starts: the signed-in user (the layout's middleware has
 * already turned anyone else away) and the app's services; with `companyListing`, their listing too.
 */
import type { RouterContextProvider } from "react-router";
import { getCompanyListing } from "~/modules/company/company-listing.server";
import { getApp } from "~/web/context";
import { requireUser } from "~/web/guards.server";

interface RequestArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
  url: URL;
}

export async function companyUser({ request, context, url }: RequestArgs) {
  const user = await requireUser(request, context, url);
  return { user, app: getApp(context) };
}

/** As `companyUser`, with the listing the user's account manages (null when it has none). */
export async function companyListing(args: RequestArgs) {
  const { user, app } = await companyUser(args);
  return { user, app, listing: await getCompanyListing(app.db, user.id) };
}
