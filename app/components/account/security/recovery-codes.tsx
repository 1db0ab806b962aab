/** The recovery codes, shown once, right after they were made. */
import { Alert } from "~/components/ui/alert";

export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <Alert tone="warning" title="Save your recovery codes" className="mt-6">
      <p>
        Each code signs you in once if you lose your authenticator app. They are shown only now: store them
        somewhere safe.
      </p>
      <ul
        aria-label="Recovery codes"
        className="mt-3 grid grid-cols-2 gap-2 font-mono text-base sm:grid-cols-5"
      >
        {codes.map((c) => (
          <li key={c} className="rounded bg-white px-2 py-1 text-center text-slate-900">
            {c}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
