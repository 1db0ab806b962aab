import { HONEYPOT } from "~/modules/leads/constants";

/**
 * A field people never see or reach (off-screen, out of the tab order, hidden from assistive
 * technology); bots that fill every input fill it, and the server then quietly stores nothing.
 */
export function Honeypot() {
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute top-auto -left-[10000px] h-px w-px overflow-hidden"
    >
      <label>
        Leave this field empty
        <input type="text" name={HONEYPOT} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
