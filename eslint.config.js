import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/**
 * The folder rules (docs/architecture.md, CONTRIBUTING.md), checked on every `npm test`:
 *   platform  → nothing above it (no module, web, component, route or content)
 *   modules   → platform and other modules; no React, component, web or route
 *   web       → platform and modules; no component or route
 *   components→ only types from `*.server` files; no route
 *   routes    → everything below them, but never `kysely` (SQL lives in modules)
 * and, across the tree, no import cycles and type-only imports marked as such.
 */
const upward = (...folders) =>
  folders.map((folder) => ({
    group: [`~/${folder}`, `~/${folder}/**`, `**/app/${folder}/**`],
    message: `This folder may not import from app/${folder} (folder rules: docs/architecture.md).`,
  }));

const serverOnlyValues = {
  group: ["**/*.server", "**/*.server.ts"],
  allowTypeImports: true,
  message: "Components take only types from *.server files: the data comes through the route's loader.",
};

const react = {
  group: ["react", "react-dom", "react-dom/*", "react-router", "radix-ui", "lucide-react"],
  message: "Domain modules are plain TypeScript: no React or routing (move UI to app/components).",
};

/** Modules a browser may load use zod/mini (decision 0224). */
const browserZod = ["zod", "zod/v4"].map((name) => ({
  name,
  message: "Modules a browser may load use zod/mini (decision 0224); classic zod is for *.server files.",
}));

const restrict = (...patterns) => ({
  "@typescript-eslint/no-restricted-imports": ["error", { patterns }],
});

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "build-*/**",
      "data/**",
      "data-*/**",
      ".react-router/**",
      "node_modules/**",
      "test-results/**",
      "playwright-report/**",
      "tmp/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": [
        "error",
        { prefer: "type-imports", fixStyle: "inline-type-imports" },
      ],
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "no-restricted-syntax": [
        "error",
        { selector: "CallExpression[callee.property.name='only']", message: "No focused tests." },
        { selector: "CallExpression[callee.property.name='skip']", message: "No skipped tests." },
      ],
    },
  },
  {
    files: ["app/**/*.tsx"],
    ...reactHooks.configs.flat["recommended-latest"],
  },
  // Smaller pieces (issue 15): a function over 80 lines is split along its sections, or says why
  // not beside it (an eslint-disable-next-line with the reason). Tests' describe blocks are exempt.
  {
    files: ["app/**/*.ts", "app/**/*.tsx", "server/**/*.ts", "scripts/**/*.ts"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "max-lines-per-function": ["error", { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true }],
    },
  },
  // ---- folder rules (tests may reach across them to set things up) ----
  {
    files: ["app/platform/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: restrict(...upward("modules", "web", "components", "routes", "content")),
  },
  {
    files: ["app/modules/**/*.ts", "app/modules/**/*.tsx"],
    ignores: ["**/*.test.ts", "**/test-support/**", "**/test-helpers.ts"],
    rules: restrict(react, ...upward("web", "components", "routes")),
  },
  {
    files: ["app/web/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: restrict(...upward("components", "routes")),
  },
  {
    files: [
      "app/components/**/*.ts",
      "app/components/**/*.tsx",
      "app/content/**/*.ts",
      "app/content/**/*.tsx",
    ],
    ignores: ["**/*.test.ts"],
    rules: restrict(serverOnlyValues, ...upward("routes")),
  },
  {
    files: ["app/routes/**/*.ts", "app/routes/**/*.tsx", "app/root.tsx"],
    rules: restrict({
      group: ["kysely", "kysely/*"],
      message: "Routes call a domain module; SQL lives in app/modules.",
    }),
  },
  // A module a browser may load writes its schemas with zod/mini: classic zod cannot be tree-shaken
  // and cost every form page 24.7 kB gzip (decision 0224). Server-only files may use either.
  {
    files: ["app/**/*.ts", "app/**/*.tsx"],
    ignores: ["**/*.server.ts", "**/*.server.tsx", "**/*.test.ts", "**/*.test.tsx", "**/test-support/**"],
    rules: {
      "no-restricted-imports": ["error", { paths: browserZod }],
    },
  },
  // The public pages link with SiteLink (decision 0228): React Router's <Link> costs about twenty
  // hooks per link on every render, a quarter of an uncached page's CPU.
  {
    files: [
      "app/components/home/**",
      "app/components/directory/**",
      "app/components/layout/{site-header,site-footer,mobile-menu-sheet,area-not-found}.tsx",
      "app/components/enquiries/{reviews-section,contact-form,provider-enquiry-page}.tsx",
      "app/routes/public/**",
    ],
    ignores: ["**/*.server.ts", "**/*.server.tsx", "**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            ...browserZod,
            {
              name: "react-router",
              importNames: ["Link"],
              message: "Public pages link with SiteLink (~/components/ui/site-link, decision 0228).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["**/*.mjs", "**/*.js"],
    languageOptions: {
      globals: {
        process: "readonly",
        console: "readonly",
        URL: "readonly",
        URLSearchParams: "readonly",
        fetch: "readonly",
        setTimeout: "readonly",
      },
    },
  },
);
