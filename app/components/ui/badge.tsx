import { cn } from "./cn";

type Tone = "green" | "amber" | "red" | "blue" | "slate" | "purple";
const tones: Record<Tone, string> = {
  green: "bg-green-100 text-green-800 border-green-200",
  amber: "bg-amber-100 text-amber-900 border-amber-200",
  red: "bg-red-100 text-red-800 border-red-200",
  blue: "bg-blue-100 text-blue-800 border-blue-200",
  slate: "bg-slate-100 text-slate-800 border-slate-200",
  purple: "bg-purple-100 text-purple-800 border-purple-200",
};

export function Badge({
  tone = "slate",
  className,
  ...props
}: React.HTMLAttributes<HTMLSpanElement> & { tone?: Tone }) {
  return <span className={cn("badge", tones[tone], className)} {...props} />;
}
