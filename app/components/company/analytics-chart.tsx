/**
 * The last 30 days of profile views and phone clicks as a server-rendered SVG bar chart, with
 * the same figures as a table for screen readers and anyone who prefers numbers.
 */
import { formatDate } from "~/platform/dates";
import type { DayCount } from "~/modules/company/dashboard-stats.server";

const W = 640;
const H = 220;
const PAD = { top: 12, right: 8, bottom: 28, left: 36 };

const dayLabel = (day: string, style: "short" | "long" = "short") =>
  formatDate(day, style === "short" ? "day-month" : "weekday");

/** A round axis maximum (1, 2, 5, 10, 20, 50 ...) at or above the highest value. */
function niceMax(value: number): number {
  if (value <= 4) return 4;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * magnitude >= value) return step * magnitude;
  return 10 * magnitude;
}

/** Where the bars go: the axis maximum, the slot and bar widths, and a value's height. */
function geometry(series: DayCount[]) {
  const max = niceMax(Math.max(0, ...series.map((d) => Math.max(d.views, d.clicks))));
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const slot = innerW / Math.max(1, series.length);
  const bar = Math.max(2, slot / 2 - 1.5);
  const y = (v: number) => PAD.top + innerH - (v / max) * innerH;
  const ticks = [0, max / 4, max / 2, (3 * max) / 4, max];
  return { slot, bar, y, ticks };
}

function chartLabel(series: DayCount[]) {
  const totalViews = series.reduce((s, d) => s + d.views, 0);
  const totalClicks = series.reduce((s, d) => s + d.clicks, 0);
  const first = series[0]?.day;
  const last = series.at(-1)?.day;
  return `Bar chart of the last 30 days${first && last ? `, ${dayLabel(first)} to ${dayLabel(last)}` : ""}: ${totalViews} profile views and ${totalClicks} phone clicks. The figures are in the table below.`;
}

function ChartSvg({ series }: { series: DayCount[] }) {
  const { slot, bar, y, ticks } = geometry(series);
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      className="h-auto w-full min-w-[34rem]"
      role="img"
      aria-label={chartLabel(series)}
      data-testid="analytics-chart"
    >
      {ticks.map((v) => (
        <g key={v}>
          <line
            x1={PAD.left}
            x2={W - PAD.right}
            y1={y(v)}
            y2={y(v)}
            className="stroke-slate-200"
            strokeWidth={1}
          />
          <text x={PAD.left - 6} y={y(v) + 4} textAnchor="end" className="fill-slate-600 text-[11px]">
            {Number.isInteger(v) ? v : v.toFixed(1)}
          </text>
        </g>
      ))}
      {series.map((d, i) => {
        const x = PAD.left + i * slot + (slot - 2 * bar - 1) / 2;
        return (
          <g key={d.day} data-day={d.day}>
            <title>{`${dayLabel(d.day, "long")}: ${d.views} views, ${d.clicks} phone clicks`}</title>
            <rect
              x={x}
              y={y(d.views)}
              width={bar}
              height={Math.max(0, y(0) - y(d.views))}
              rx={1}
              className="fill-brand-600"
            />
            <rect
              x={x + bar + 1}
              y={y(d.clicks)}
              width={bar}
              height={Math.max(0, y(0) - y(d.clicks))}
              rx={1}
              className="fill-amber-500"
            />
            {(series.length - 1 - i) % 7 === 0 ? (
              <text
                x={i === series.length - 1 ? W - PAD.right : PAD.left + i * slot + slot / 2}
                y={H - 8}
                textAnchor={i === series.length - 1 ? "end" : "middle"}
                className="fill-slate-600 text-[11px]"
              >
                {dayLabel(d.day)}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}

function FiguresTable({ series }: { series: DayCount[] }) {
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer font-medium text-brand-700">Show the figures as a table</summary>
      <div
        className="mt-2 max-h-72 overflow-y-auto rounded-md border border-slate-200"
        tabIndex={0}
        role="region"
        aria-label="Daily figures"
      >
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Profile views and phone clicks per day, last 30 days</caption>
          <thead className="sticky top-0 bg-slate-50">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold">
                Date
              </th>
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                Profile views
              </th>
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                Phone clicks
              </th>
            </tr>
          </thead>
          <tbody>
            {[...series].reverse().map((d) => (
              <tr key={d.day} className="border-t border-slate-100">
                <th scope="row" className="px-3 py-1.5 font-normal">
                  {dayLabel(d.day, "long")}
                </th>
                <td className="px-3 py-1.5 text-right tabular-nums">{d.views}</td>
                <td className="px-3 py-1.5 text-right tabular-nums">{d.clicks}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

export function AnalyticsChart({ series }: { series: DayCount[] }) {
  return (
    <figure className="m-0">
      <div className="mb-3 flex flex-wrap items-center gap-4 text-sm text-slate-700" aria-hidden>
        <span className="inline-flex items-center gap-1.5">
          <span className="inline-block size-3 rounded-sm bg-brand-600" /> Profile views
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="inline-block size-3 rounded-sm bg-amber-500" /> Phone clicks
        </span>
      </div>
      {/* On a phone the chart keeps a readable size and scrolls sideways. */}
      <div
        className="overflow-x-auto"
        tabIndex={0}
        role="region"
        aria-label="Chart, scrolls sideways on small screens"
      >
        <ChartSvg series={series} />
      </div>
      <FiguresTable series={series} />
    </figure>
  );
}
