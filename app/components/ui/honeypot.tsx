import { HONEYPOT_FIELD } from "~/platform/honeypot";

/**
 * The honeypot field (app/platform/honeypot.ts): off-screen, out of the tab order, hidden from
 * assistive technology. Every public form renders it; its server checks `honeypotFilled`.
 */
export function Honeypot() {
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute top-auto -left-[10000px] h-px w-px overflow-hidden"
    >
      <label>
        Leave this field empty
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
