import type { Route } from "./+types/invite";
import { SetPasswordPage } from "~/components/auth/set-password-page";
import { setPasswordAction, setPasswordLoader } from "./set-password.server";
import { pageMeta } from "~/web/meta";

export function meta() {
  return pageMeta({ title: "Set Your Password", noindex: true });
}

export const loader = (args: Route.LoaderArgs) => setPasswordLoader(args, ["invite"]);
export const action = (args: Route.ActionArgs) => setPasswordAction(args, ["invite"]);

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <SetPasswordPage loaderData={loaderData} actionData={actionData} />;
}
