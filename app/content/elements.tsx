/**
 * The small vocabulary the static pages and guides are written in: prose styling, external
 * links that open safely, callouts for key warnings and phone links.
 */
import { ExternalLinkIcon } from "~/components/ui/icons/external-link";
import { InfoIcon } from "~/components/ui/icons/info";
import { LightbulbIcon } from "~/components/ui/icons/lightbulb";
import { TriangleAlertIcon } from "~/components/ui/icons/triangle-alert";
import { Link } from "react-router";
import { cn } from "~/components/ui/cn";
import type { OfficialLink } from "./links";

/** Readable long-form text: a ~68 character measure, spaced headings, styled lists and links. */
export const proseClass = cn(
  "max-w-[68ch] text-base leading-7 text-slate-700",
  "[&>*:first-child]:mt-0",
  "[&_h2]:mt-12 [&_h2]:scroll-mt-24 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-slate-900",
  "[&_h3]:mt-8 [&_h3]:scroll-mt-24 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900",
  "[&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6 [&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6",
  "[&_li]:pl-1 [&_li::marker]:text-brand-600",
  "[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:decoration-brand-600/40 [&_a]:underline-offset-2 [&_a:hover]:text-brand-900 [&_a:hover]:decoration-brand-700",
  "[&_strong]:font-semibold [&_strong]:text-slate-900",
);

export function Prose({ className, children }: { className?: string; children: React.ReactNode }) {
  return <div className={cn(proseClass, className)}>{children}</div>;
}

/** A link to another site: new tab, no opener, and says so to screen readers. */
export function ExtLink({
  href,
  children,
  className,
}: {
  href: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <ExternalLinkIcon aria-hidden="true" className="ml-0.5 inline size-3.5 align-[-0.1em]" />
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

/** An official site from links.ts, with its own label unless one is given. */
export function Official({ link, children }: { link: OfficialLink; children?: React.ReactNode }) {
  return <ExtLink href={link.href}>{children ?? link.label}</ExtLink>;
}

export function Tel({ number }: { number: { display: string; tel: string } }) {
  return (
    <a href={`tel:${number.tel}`} className="whitespace-nowrap">
      {number.display}
    </a>
  );
}

/** An internal link that reads like the prose around it. */
export function To({ to, children }: { to: string; children: React.ReactNode }) {
  return <Link to={to}>{children}</Link>;
}

type CalloutTone = "warning" | "info" | "tip";
const calloutStyles: Record<CalloutTone, { box: string; icon: string; Icon: typeof InfoIcon }> = {
  warning: {
    box: "border-amber-300 bg-amber-50 text-amber-950",
    icon: "text-amber-700",
    Icon: TriangleAlertIcon,
  },
  info: { box: "border-sky-200 bg-sky-50 text-sky-950", icon: "text-sky-700", Icon: InfoIcon },
  tip: { box: "border-brand-200 bg-brand-50 text-brand-900", icon: "text-brand-700", Icon: LightbulbIcon },
};

/** A boxed key message: a warning, a note or a practical tip. */
export function Callout({
  tone = "info",
  title,
  children,
  className,
}: {
  tone?: CalloutTone;
  title: string;
  children: React.ReactNode;
  className?: string;
}) {
  const style = calloutStyles[tone];
  return (
    <aside
      aria-label={title}
      className={cn("not-prose mt-6 flex gap-3 rounded-xl border p-4 sm:p-5", style.box, className)}
    >
      <style.Icon aria-hidden="true" className={cn("mt-0.5 size-5 shrink-0", style.icon)} />
      <div className="min-w-0">
        <p className="mt-0! font-semibold text-slate-900">{title}</p>
        <div className="text-[0.95rem] leading-6 [&_ol]:mt-2! [&_p]:mt-2! [&_ul]:mt-2! [&>:first-child]:mt-1!">
          {children}
        </div>
      </div>
    </aside>
  );
}
