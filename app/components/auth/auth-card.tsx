import { cn } from "~/components/ui/cn";

/** The centred card every sign-in and password screen uses. */
export function AuthCard({
  title,
  description,
  icon,
  children,
  footer,
  className,
}: {
  title: string;
  description?: React.ReactNode;
  icon?: React.ReactNode;
  children?: React.ReactNode;
  footer?: React.ReactNode;
  className?: string;
}) {
  return (
    <main className="flex min-h-[calc(100vh-12rem)] items-center justify-center bg-gradient-to-b from-brand-50 to-white px-4 py-12">
      <div
        className={cn(
          "w-full max-w-md overflow-hidden rounded-xl border border-slate-200 bg-white shadow-md",
          className,
        )}
      >
        <div className="h-1.5 bg-brand-600" aria-hidden />
        <div className="px-6 pt-8 text-center sm:px-8">
          {icon ? (
            <div
              className="mx-auto mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-brand-100 text-brand-700"
              aria-hidden
            >
              {icon}
            </div>
          ) : null}
          <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
          {description ? <div className="mt-2 text-sm text-slate-600">{description}</div> : null}
        </div>
        <div className="px-6 py-6 sm:px-8">{children}</div>
        {footer ? (
          <div className="border-t border-slate-100 bg-slate-50 px-6 py-4 text-center text-sm text-slate-600 sm:px-8">
            {footer}
          </div>
        ) : null}
      </div>
    </main>
  );
}

/** Redirects after `seconds`, with or without JavaScript (a meta refresh React hoists into <head>). */
export function RedirectAfter({ to, seconds }: { to: string; seconds: number }) {
  return <meta httpEquiv="refresh" content={`${seconds};url=${to}`} />;
}
