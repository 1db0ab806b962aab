/**
 * Buttons: one set of variants (cva), on a <button> or, with `asChild`, on the element inside
 * (a router <Link>, an <a>, a <label>): `<Button asChild variant="outline">
<Link to="/">Home</Link>
</Button>`.
 * `buttonVariants` gives the same classes to an element that cannot be wrapped.
 */
import { cva, type VariantProps } from "class-variance-authority";
import { Slot } from "radix-ui";
import { cn } from "./cn";

export const buttonVariants = cva(
  "inline-flex items-center justify-center gap-2 rounded-md font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-70",
  {
    variants: {
      variant: {
        primary: "bg-brand-600 text-white hover:bg-brand-700 disabled:bg-brand-600/60",
        secondary: "bg-slate-900 text-white hover:bg-slate-700",
        outline: "border border-slate-300 bg-white text-slate-900 hover:bg-slate-50",
        ghost: "text-slate-700 hover:bg-slate-100",
        danger: "bg-red-600 text-white hover:bg-red-700",
        /** A quiet destructive action (Remove Logo). */
        "danger-ghost": "text-red-700 hover:bg-red-50",
        /** A quiet button on the brand-green band (About, Resources). */
        "on-brand": "text-white hover:bg-brand-700",
      },
      size: {
        sm: "h-8 px-3 text-sm",
        md: "h-10 px-4 text-sm",
        lg: "h-12 px-6 text-base",
      },
    },
    defaultVariants: { variant: "primary", size: "md" },
  },
);

export type ButtonVariants = VariantProps<typeof buttonVariants>;

export function Button({
  variant,
  size,
  className,
  asChild = false,
  type,
  ...props
}: React.ButtonHTMLAttributes<HTMLButtonElement> & ButtonVariants & { asChild?: boolean }) {
  const classes = cn(buttonVariants({ variant, size }), className);
  if (asChild) return <Slot.Root className={classes} {...props} />;
  return <button type={type ?? "button"} className={classes} {...props} />;
}
