/**
 * Light icons for the pages every visitor loads (issue 18, decision 0226): lucide's icons, drawn
 * once in a sprite (icons/sprite.svg, a hashed file browsers keep for a year) and placed on a
 * page as `<svg class="lucide lucide-<name>"><use href="…sprite.svg#<name>"/></svg>`. A page's
 * HTML and its JavaScript carry the icon's name, not its drawing: the home page draws 44 icons,
 * a results page 22, at about 440 bytes each when drawn inline. The stroke lucide sets with
 * attributes is set by app.css (`.lucide:has(> use)`, in the base layer), so a caller's utility
 * class (`fill-amber-400`) still wins, as it did over lucide's attributes. Decorative only:
 * always aria-hidden. One module per icon in ./icons/ names its symbol (scripts/light-icons.ts
 * writes them and the sprite from lucide-react's own data).
 */
import type { SVGProps } from "react";
import sprite from "./icons/sprite.svg?url&no-inline";

export type IconProps = Omit<SVGProps<SVGSVGElement>, "children" | "dangerouslySetInnerHTML">;

/** A component drawing the sprite's symbol `name` (lucide's name of the icon), decorative (aria-hidden). */
export function icon(name: string) {
  const href = `${sprite}#${name}`;
  const base = `lucide lucide-${name}`;
  function Icon({ className, ...rest }: IconProps) {
    return (
      <svg
        width="24"
        height="24"
        className={className ? `${base} ${className}` : base}
        aria-hidden="true"
        {...rest}
      >
        <use href={href} />
      </svg>
    );
  }
  Icon.displayName = `Icon(${name})`;
  return Icon;
}
