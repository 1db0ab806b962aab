/**
 * Buttons: one set of variants, on a <button> or, with `asChild`, on the element inside
 * (a router <Link>, an <a>, a <label>): `<Button asChild variant="outline">
<Link to="/">Home</Link>
</Button>`.
 * `buttonVariants` gives the same classes to an element that cannot be wrapped.
 */
import { cloneElement, isValidElement } from "react";
import { cn } from "./cn";

export type ButtonVariant =
  | "primary"
  | "secondary"
  | "outline"
  | "ghost"
  | "danger"
  /** A quiet destructive action (Remove Logo). */
  | "danger-ghost"
  /** A quiet button on the brand-green band (About, Resources). */
  | "on-brand";

export interface ButtonVariants {
  variant?: ButtonVariant | null;
  size?: "sm" | "md" | "lg" | null;
}

/** The button's classes: the primitive's own (app.css, `@layer components`), which a caller's utility overrides. */
export function buttonVariants({ variant, size }: ButtonVariants = {}): string {
  return `btn btn-${variant ?? "primary"} btn-${size ?? "md"}`;
}

export function Button({
  variant,
  size,
  className,
  asChild = false,
  type,
  children,
  ...props
}: React.ButtonHTMLAttributes<HTMLButtonElement> & ButtonVariants & { asChild?: boolean }) {
  const classes = cn(buttonVariants({ variant, size }), className);
  if (asChild) {
    // The one child becomes the button: the button's classes join its own, and its own props win
    // over any others given to the button (radix's Slot did this for 1.4 kB gzip on every page).
    if (!isValidElement<{ className?: string }>(children))
      throw new Error("Button asChild needs one element");
    const child = children;
    return cloneElement(child, { ...props, ...child.props, className: cn(classes, child.props.className) });
  }
  return (
    <button type={type ?? "button"} className={classes} {...props}>
      {children}
    </button>
  );
}
