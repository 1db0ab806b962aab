/**
 * The Email Notifications switch. With JavaScript it saves as soon as it is flipped (quietly,
 * as the spec has it); without, a Save button posts the form.
 */
import { useFetcher } from "react-router";
import { useHydrated } from "~/components/waste-notes/use-hydrated";
import { Button } from "~/components/ui/button";

export function NotificationSettings({ enabled }: { enabled: boolean }) {
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const pending = fetcher.formData ? fetcher.formData.get("emailNotifications") === "on" : null;
  const checked = pending ?? enabled;
  return (
    <fetcher.Form method="post" className="flex items-start justify-between gap-4">
      <input type="hidden" name="intent" value="notifications" />
      <div>
        <label htmlFor="email-notifications" className="text-sm font-medium text-slate-900">
          Email Notifications
        </label>
        <p id="email-notifications-hint" className="text-sm text-slate-600">
          Receive an e-mail when a customer sends you a quote request.
        </p>
        {!hydrated ? (
          <Button type="submit" variant="outline" size="sm" className="mt-2">
            Save setting
          </Button>
        ) : null}
      </div>
      <input
        id="email-notifications"
        type="checkbox"
        role="switch"
        name="emailNotifications"
        aria-describedby="email-notifications-hint"
        {...(hydrated
          ? {
              checked,
              onChange: (e: React.ChangeEvent<HTMLInputElement>) => fetcher.submit(e.currentTarget.form),
            }
          : { defaultChecked: enabled })}
        className="relative mt-1 h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-300 transition-colors before:absolute before:top-0.5 before:left-0.5 before:size-5 before:rounded-full before:bg-white before:shadow before:transition-transform checked:bg-brand-600 checked:before:translate-x-5"
      />
    </fetcher.Form>
  );
}
