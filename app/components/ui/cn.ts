import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/**
 * Joins class names, skipping falsy ones, and lets a later Tailwind class win over an earlier one
 * of the same kind (`cn("bg-white", "bg-red-50")` is `bg-red-50`), whatever order Tailwind emits
 * them in the stylesheet: a caller's `className` overrides a variant's.
 */
export function cn(...classes: ClassValue[]): string {
  return twMerge(clsx(classes));
}
