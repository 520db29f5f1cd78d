import { defineConfig } from "vitest/config";
import path from "node:path";

export default defineConfig({
  resolve: { alias: { "~": path.resolve(".") } },
  test: {
    // Tests that check log lines spy on the logger; the rest of the JSON noise stays out of the report.
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? "silent" },
    // Files share their worker's modules instead of importing the server afresh each (a file's process.env changes,
    // spies and timers are undone when it ends: tests/setup/file-isolation.ts): unit 63 → 23 s, and 116 s → 16 s of
    // imports in each integration run.
    isolate: false,
    setupFiles: ["tests/setup/file-isolation.ts"],
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["tests/unit/**/*.test.ts", "tests/unit/**/*.test.tsx"], environment: "node" },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          testTimeout: 30000,
          hookTimeout: 60000,
          // One database per run; files share it, so they run one after another.
          fileParallelism: false,
        },
      },
    ],
  },
});
