import type { Route } from "./+types/password-recovery";
import { SetPasswordPage } from "~/components/auth/set-password-page";
import { setPasswordAction, setPasswordLoader } from "./set-password.server";

export function meta() {
  return [
    { title: "Set Your Password | UK Waste Carrier Directory" },
    { name: "robots", content: "noindex" },
  ];
}

export const loader = (args: Route.LoaderArgs) => setPasswordLoader(args, ["reset_password"]);
export const action = (args: Route.ActionArgs) => setPasswordAction(args, ["reset_password"]);

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <SetPasswordPage loaderData={loaderData} actionData={actionData} />;
}
