/** The company dashboard's analytics: profile views and phone clicks, and the 30-day chart. */
import { Eye, Phone } from "lucide-react";
import { AnalyticsChart } from "~/components/company/analytics-chart";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import type { DashboardStats } from "~/modules/company/dashboard-stats.server";

function StatCard({
  label,
  total,
  last30,
  icon: Icon,
}: {
  label: string;
  total: number;
  last30: number;
  icon: typeof Eye;
}) {
  return (
    <Card>
      <CardContent className="flex items-center gap-4 py-5">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <Icon aria-hidden className="size-5" />
        </span>
        <div>
          <h2 className="text-sm font-medium text-slate-600">{label}</h2>
          <p
            className="text-2xl font-bold text-slate-900 tabular-nums"
            data-testid={`stat-${label.toLowerCase().replace(/\s+/g, "-")}`}
          >
            {total.toLocaleString("en-GB")}
          </p>
          <p className="text-xs text-slate-600">{last30.toLocaleString("en-GB")} in the last 30 days</p>
        </div>
      </CardContent>
    </Card>
  );
}

export function StatsSection({ stats }: { stats: DashboardStats }) {
  return (
    <section aria-label="Analytics" className="mt-6 grid gap-4 sm:grid-cols-2">
      <StatCard label="Profile Views" total={stats.views} last30={stats.last30.views} icon={Eye} />
      <StatCard
        label="Phone Clicks"
        total={stats.phoneClicks}
        last30={stats.last30.phoneClicks}
        icon={Phone}
      />
      <Card className="min-w-0 sm:col-span-2">
        <CardHeader>
          <CardTitle>Last 30 days</CardTitle>
        </CardHeader>
        <CardContent>
          <AnalyticsChart series={stats.series} />
        </CardContent>
      </Card>
    </section>
  );
}
