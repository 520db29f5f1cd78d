// Lint rules the project keeps (npm run lint, part of npm test): TypeScript, React hooks, accessibility.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// zod comes from ~/server/lib/zod, which sets it up for our CSP before any schema is built. (The server block
// below repeats the rule with its own patterns: a later block's options replace an earlier one's.)
const zodImports = ["zod/v4", "zod"].map((name) => ({ name, message: 'Import { z } from "~/server/lib/zod".' }));

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "public/build/**",
      "node_modules/**",
      "playwright-report/**",
      "test-results/**",
      "qa-reports/**",
      "data/**",
      ".cache/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    files: ["app/**/*.tsx"],
    plugins: { "jsx-a11y": jsxA11y, "react-hooks": reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...jsxA11y.flatConfigs.recommended.rules, ...reactHooks.configs.recommended.rules },
  },
  // Server code logs through pino with a request id, never the console.
  { files: ["server/**/*.ts", "app/**/*.ts", "app/**/*.tsx"], rules: { "no-console": "error" } },
  {
    files: ["app/**/*.ts", "app/**/*.tsx", "server/**/*.ts", "scripts/**/*.ts", "tests/**/*.ts"],
    ignores: ["server/lib/zod.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: zodImports,
        },
      ],
    },
  },
  // One import style in server/: "./x" inside a folder, "~/server/…" across folders, never "../".
  {
    files: ["server/**/*.ts"],
    ignores: ["server/lib/zod.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: zodImports,
          patterns: [{ group: ["../*"], message: 'Import across folders as "~/server/…".' }],
        },
      ],
    },
  },
);
