/** The card and label/value row the waste note page lays its details out with. */
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";

/** One label/value row of a detail card's description list. */
export function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5 py-2 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="min-w-0 text-sm font-medium break-words whitespace-pre-line text-slate-900">
        {children}
      </dd>
    </div>
  );
}

interface CardFrameProps {
  title: string;
  icon: React.ReactNode;
  /** Shown at the end of the title line (a hazardous badge, say). */
  aside?: React.ReactNode;
  children: React.ReactNode;
}

/** A titled card with an icon (and, on the right of its title, a badge), holding anything. */
export function DetailCardFrame({ title, icon, aside, children }: CardFrameProps) {
  return (
    <Card>
      <CardHeader className="flex items-center gap-2">
        <span className="text-brand-700">{icon}</span>
        <CardTitle className="text-base">{title}</CardTitle>
        {aside ? <span className="ml-auto">{aside}</span> : null}
      </CardHeader>
      <CardContent className="py-2">{children}</CardContent>
    </Card>
  );
}

/** A titled card with an icon, holding a description list of rows. */
export function DetailCard({ children, ...frame }: CardFrameProps) {
  return (
    <DetailCardFrame {...frame}>
      <dl className="divide-y divide-slate-100">{children}</dl>
    </DetailCardFrame>
  );
}
