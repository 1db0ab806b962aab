/** A wide table in a sideways-scrolling region that keyboard users can focus and scroll. */
import { cn } from "~/components/ui/cn";

export function ScrollTable({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-slate-200 bg-white focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
    >
      <table className={cn("w-full text-left text-sm", className)}>
        <caption className="sr-only">{label}</caption>
        {children}
      </table>
    </div>
  );
}
