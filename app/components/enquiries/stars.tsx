import { StarIcon } from "~/components/ui/icons/star";
import { cn } from "~/components/ui/cn";

/** A rating drawn as five stars, read out as 'Rated N out of 5'. */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  const rounded = Math.round(rating);
  return (
    <span
      role="img"
      aria-label={`Rated ${rating} out of 5`}
      className={cn("inline-flex items-center gap-0.5", className)}
    >
      {[1, 2, 3, 4, 5].map((n) => (
        <StarIcon
          key={n}
          aria-hidden
          className={cn(
            "h-4 w-4",
            n <= rounded ? "fill-amber-400 text-amber-500" : "fill-slate-200 text-slate-300",
          )}
        />
      ))}
    </span>
  );
}
