/**
 * /company/customers: the company's saved customers (decision 0710), offered on its next waste note: a
 * search, add, edit and delete (confirmed), audited. Only the owner of a listing.
 */
import { CompanyPageUnavailable } from "~/components/company/account-not-found";
import {
  SavedPartiesPage,
  type SavedPartiesReply,
} from "~/components/company/saved-parties/saved-parties-page";
import { pageMeta } from "~/web/meta";
import type { Route } from "./+types/customers";
import { listHref, savedPartiesAction, savedPartiesLoader } from "./saved-parties.server";

export function meta() {
  return pageMeta({ title: "Saved Customers", noindex: true });
}

export async function loader(args: Route.LoaderArgs) {
  return { ...(await savedPartiesLoader("customer", args)), back: listHref("customer", args.url) };
}

export async function action(args: Route.ActionArgs) {
  return savedPartiesAction("customer", args);
}

export default function SavedCustomers({ loaderData, actionData }: Route.ComponentProps) {
  const { list, email, toast, back } = loaderData;
  if (!list) return <CompanyPageUnavailable title="Saved Customers" email={email} />;
  return (
    <SavedPartiesPage
      kind="customer"
      list={list}
      back={back}
      toast={toast}
      reply={actionData as SavedPartiesReply | undefined}
    />
  );
}
