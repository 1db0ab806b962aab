/** The frame every static page shares: a tinted header band and a centred body. */
import { ArrowLeftIcon } from "~/components/ui/icons/arrow-left";
import { MailIcon } from "~/components/ui/icons/mail";
import { SiteLink } from "~/components/ui/site-link";
import { PageTitle } from "~/components/layout/page-title";
import { Button, type ButtonVariants } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { proseClass } from "~/content/elements";
import { LAST_REVIEWED } from "~/content/site";

/** A Lucide icon, as the pages' headers and buttons take it. */
export type PageIcon = React.ComponentType<{ className?: string; "aria-hidden"?: boolean | "true" }>;

export function PageHeader({
  eyebrow,
  title,
  lead,
  back,
  icon: Icon,
  children,
}: {
  eyebrow?: string;
  title: string;
  lead?: React.ReactNode;
  back?: { to: string; label: string };
  icon?: PageIcon;
  children?: React.ReactNode;
}) {
  return (
    <div className="border-b border-brand-100 bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-6xl px-4 pt-8 pb-10 sm:px-6 sm:pt-10 sm:pb-12">
        {back ? <BackLink to={back.to} label={back.label} className="mb-6" /> : null}
        <div className="flex items-start gap-4">
          {Icon ? (
            <span className="hidden size-12 shrink-0 items-center justify-center rounded-xl bg-brand-600 text-white shadow-sm sm:flex">
              <Icon aria-hidden="true" className="size-6" />
            </span>
          ) : null}
          <div className="min-w-0">
            <PageTitle eyebrow={eyebrow} title={title} />
            {lead ? (
              <p className="mt-4 max-w-3xl text-lg leading-8 text-pretty text-slate-600">{lead}</p>
            ) : null}
            {children}
          </div>
        </div>
      </div>
    </div>
  );
}

export function BackLink({ to, label, className }: { to: string; label: string; className?: string }) {
  return (
    <SiteLink
      to={to}
      className={cn(
        "inline-flex items-center gap-1.5 rounded text-sm font-semibold text-brand-700 hover:text-brand-900 hover:underline",
        className,
      )}
    >
      <ArrowLeftIcon aria-hidden="true" className="size-4" />
      {label}
    </SiteLink>
  );
}

export function LastReviewed({ label = "Last reviewed" }: { label?: string }) {
  return (
    <p className="mt-4 text-sm text-slate-600">
      {label}: <time dateTime={LAST_REVIEWED.iso}>{LAST_REVIEWED.label}</time>
    </p>
  );
}

/** A router link shaped as a button, its icon before the text (a larger icon on a large button). */
export function LinkButton({
  to,
  icon: Icon,
  children,
  variant,
  size,
  className,
}: ButtonVariants & { to: string; icon: PageIcon; children: React.ReactNode; className?: string }) {
  return (
    <Button asChild variant={variant} size={size} className={className}>
      <SiteLink to={to}>
        <Icon aria-hidden="true" className={size === "lg" ? "size-5" : "size-4"} />
        {children}
      </SiteLink>
    </Button>
  );
}

/** The aside's card that sends a question to the contact page. */
export function ContactUsCard({ title, text }: { title: string; text: React.ReactNode }) {
  return (
    <div className="rounded-xl border border-slate-200 p-5">
      <p className="font-semibold text-slate-900">{title}</p>
      <p className="mt-1 text-sm text-slate-600">{text}</p>
      <LinkButton to="/contact" icon={MailIcon} variant="outline" size="sm" className="mt-3">
        Contact us
      </LinkButton>
    </div>
  );
}

/** Body container: the page's main landmark. */
export function PageMain({ children, className }: { children: React.ReactNode; className?: string }) {
  return <main className={cn("pb-16", className)}>{children}</main>;
}

/** The page's column: wide, or `narrow` for a short page of text (the under-construction pages). */
export function PageBody({
  children,
  className,
  narrow = false,
}: {
  children: React.ReactNode;
  className?: string;
  narrow?: boolean;
}) {
  return (
    <div
      className={cn(
        "mx-auto px-4 sm:px-6",
        narrow ? "max-w-3xl pt-14 sm:pt-20" : "max-w-6xl pt-10 sm:pt-12",
        className,
      )}
    >
      {children}
    </div>
  );
}

/** An "On this page" list for long pages. */
export function OnThisPage({ items }: { items: { id: string; heading: string }[] }) {
  return (
    <nav aria-label="On this page" className="rounded-xl border border-slate-200 bg-slate-50/70 p-5">
      <p className="text-sm font-semibold text-slate-900">On this page</p>
      <ol className="mt-3 space-y-2 text-sm">
        {items.map((item) => (
          <li key={item.id}>
            <a href={`#${item.id}`} className="text-slate-700 hover:text-brand-700 hover:underline">
              {item.heading}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

export interface ArticleSection {
  id: string;
  heading: string;
  body: React.ReactNode;
}

/** Long-form sections at a readable width, each an h2 the "On this page" list links to. */
export function ArticleSections({ sections }: { sections: readonly ArticleSection[] }) {
  return (
    <div>
      {sections.map((section) => (
        <section key={section.id} aria-labelledby={section.id} className={cn(proseClass, "mt-12 first:mt-0")}>
          <h2 id={section.id}>{section.heading}</h2>
          {section.body}
        </section>
      ))}
    </div>
  );
}

/** Two columns on wide screens: the article, and a sticky aside (contents, calls to action). */
export function WithAside({ children, aside }: { children: React.ReactNode; aside: React.ReactNode }) {
  return (
    <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_18rem] lg:gap-14">
      <div className="min-w-0">{children}</div>
      <aside aria-label="Page tools" className="space-y-6 lg:sticky lg:top-6 lg:self-start">
        {aside}
      </aside>
    </div>
  );
}
