/**
 * Light icons for the pages every visitor loads (issue 18): the same SVG as lucide-react's
 * component draws (its own icon data, attributes and `lucide lucide-<name>` classes), rendered as
 * one <svg> whose inside is a string made once per icon. lucide-react's component costs two
 * forwardRef layers, a context read, an attribute build and an element per path on every
 * render; the home page draws 44 icons, a results page 22. Decorative only: always aria-hidden.
 * One module per icon in ./icons/ (as lucide's own), so that a page's chunks carry only its icons;
 * each holds lucide-react's data for its icon, written by scripts/light-icons.ts (a page then
 * carries no lucide component factory).
 */
import type { SVGProps } from "react";

/** lucide's data for one icon (the `__iconData` of "lucide-react/icons/<name>"). */
export interface IconData {
  name: string;
  node: [string, Record<string, string | number>][];
}

const escape = (v: string | number) =>
  String(v).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

function inner(data: IconData): string {
  return data.node
    .map(([tag, attrs]) => {
      const list = Object.entries(attrs)
        .map(([k, v]) => ` ${k}="${escape(v)}"`)
        .join("");
      return `<${tag}${list}></${tag}>`;
    })
    .join("");
}

export type IconProps = Omit<SVGProps<SVGSVGElement>, "children" | "dangerouslySetInnerHTML">;

/** A component drawing `data` as lucide-react would, for decorative use (aria-hidden). */
export function icon(data: IconData) {
  const html = { __html: inner(data) };
  const base = `lucide lucide-${data.name}`;
  function Icon({ className, ...rest }: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width="24"
        height="24"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        className={className ? `${base} ${className}` : base}
        aria-hidden="true"
        {...rest}
        dangerouslySetInnerHTML={html}
      />
    );
  }
  Icon.displayName = `Icon(${data.name})`;
  return Icon;
}
