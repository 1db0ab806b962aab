/**
 * /company/sites: the company's saved sites (decision 0710), offered on its next waste note: a
 * search, add, edit and delete (confirmed), audited. Only the owner of a listing.
 */
import { CompanyPageUnavailable } from "~/components/company/account-not-found";
import {
  SavedPartiesPage,
  type SavedPartiesReply,
} from "~/components/company/saved-parties/saved-parties-page";
import { pageMeta } from "~/web/meta";
import type { Route } from "./+types/sites";
import { listHref, savedPartiesAction, savedPartiesLoader } from "./saved-parties.server";

export function meta() {
  return pageMeta({ title: "Saved Sites", noindex: true });
}

export async function loader(args: Route.LoaderArgs) {
  return { ...(await savedPartiesLoader("site", args)), back: listHref("site", args.url) };
}

export async function action(args: Route.ActionArgs) {
  return savedPartiesAction("site", args);
}

export default function SavedSites({ loaderData, actionData }: Route.ComponentProps) {
  const { list, email, toast, back } = loaderData;
  if (!list) return <CompanyPageUnavailable title="Saved Sites" email={email} />;
  return (
    <SavedPartiesPage
      kind="site"
      list={list}
      back={back}
      toast={toast}
      reply={actionData as SavedPartiesReply | undefined}
    />
  );
}
