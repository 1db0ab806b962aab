import { Badge } from "~/components/ui/badge";

/** A sync's status as a coloured badge (success green, error red, running blue). */
export function StatusBadge({ status }: { status: string }) {
  const tone = status === "success" ? "green" : status === "error" ? "red" : "blue";
  return <Badge tone={tone}>{status}</Badge>;
}
