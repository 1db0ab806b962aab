/**
 * The dashboard's analytics: all-time Profile Views and Phone Clicks, and per day (UK time) for
 * the last 30 days including today, every day present (zeros included), oldest first.
 */
import { sql } from "kysely";
import type { Database } from "~/platform/db/database.server";

export const SERIES_DAYS = 30;

export interface DayCount {
  /** YYYY-MM-DD, UK calendar day. */
  day: string;
  views: number;
  clicks: number;
}

export interface DashboardStats {
  views: number;
  phoneClicks: number;
  last30: { views: number; phoneClicks: number };
  series: DayCount[];
}

export async function getDashboardStats(
  db: Database,
  registrationNumber: string,
  now = new Date(),
): Promise<DashboardStats> {
  const today = sql`(${now}::timestamptz AT TIME ZONE 'Europe/London')::date`;
  const [totals, series] = await Promise.all([
    db
      .selectFrom("provider_analytics")
      .where("provider_id", "=", registrationNumber)
      .select([
        sql<string>`count(*) FILTER (WHERE action_type = 'view')`.as("views"),
        sql<string>`count(*) FILTER (WHERE action_type = 'phone_click')`.as("clicks"),
      ])
      .executeTakeFirstOrThrow(),
    sql<{ day: string; views: string; clicks: string }>`
      WITH counts AS (
        SELECT (created_at AT TIME ZONE 'Europe/London')::date AS day,
          count(*) FILTER (WHERE action_type = 'view') AS views,
          count(*) FILTER (WHERE action_type = 'phone_click') AS clicks
        FROM provider_analytics
        WHERE provider_id = ${registrationNumber}
          AND created_at >= ((${today} - ${sql.lit(SERIES_DAYS - 1)})::timestamp AT TIME ZONE 'Europe/London')
          AND created_at < ((${today} + 1)::timestamp AT TIME ZONE 'Europe/London')
        GROUP BY 1
      )
      SELECT to_char(d.day, 'YYYY-MM-DD') AS day, COALESCE(c.views, 0) AS views, COALESCE(c.clicks, 0) AS clicks
      FROM generate_series(${today} - ${sql.lit(SERIES_DAYS - 1)}, ${today}, interval '1 day') AS d(day)
      LEFT JOIN counts c ON c.day = d.day::date
      ORDER BY d.day`.execute(db),
  ]);
  const days = series.rows.map((r) => ({ day: r.day, views: Number(r.views), clicks: Number(r.clicks) }));
  return {
    views: Number(totals.views),
    phoneClicks: Number(totals.clicks),
    last30: {
      views: days.reduce((s, d) => s + d.views, 0),
      phoneClicks: days.reduce((s, d) => s + d.clicks, 0),
    },
    series: days,
  };
}
