import type { Route } from "./+types/password-recovery";
import { SetPasswordPage } from "~/components/auth/set-password-page";
import { setPasswordAction, setPasswordLoader } from "./set-password.server";
import { pageMeta } from "~/web/meta";

export function meta() {
  return pageMeta({ title: "Set Your Password", noindex: true });
}

export const loader = (args: Route.LoaderArgs) => setPasswordLoader(args, ["reset_password"]);
export const action = (args: Route.ActionArgs) => setPasswordAction(args, ["reset_password"]);

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <SetPasswordPage loaderData={loaderData} actionData={actionData} />;
}
