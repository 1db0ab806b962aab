import type { Route } from "./+types/home";

export function meta(_: Route.MetaArgs) {
  return [{ title: "UK Waste Carrier Directory" }];
}

export default function Home() {
  return (
    <main className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-4xl font-bold text-brand-700">Find a licensed waste carrier</h1>
    </main>
  );
}
