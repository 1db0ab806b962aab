/** The card and label/value row the waste note page lays its details out with. */
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";

/** One label/value row of a detail card's description list. */
export function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5 py-2 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="text-sm font-medium whitespace-pre-line text-slate-900">{children}</dd>
    </div>
  );
}

/** A titled card with an icon, holding a description list of rows. */
export function DetailCard({
  title,
  icon,
  children,
}: {
  title: string;
  icon: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="flex items-center gap-2">
        <span className="text-brand-700">{icon}</span>
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent className="py-2">
        <dl className="divide-y divide-slate-100">{children}</dl>
      </CardContent>
    </Card>
  );
}
