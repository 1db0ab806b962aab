// A worker thread's entry when the app runs from source (tests, tools under tsx, the dev server):
// loads the TypeScript module given as the worker's first argument through tsx's loader. Built,
// workers start from their own bundled entry instead (vite.config.ts).
import { tsImport } from "tsx/esm/api";

await tsImport(process.argv[2], import.meta.url);
