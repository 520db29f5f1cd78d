/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.*"],
  serverModuleFormat: "esm",
  serverPlatform: "node",
  tailwind: true,
  postcss: true,
  // Server-only packages stay external: native addons and pino's worker threads cannot be bundled.
  serverDependenciesToBundle: [/^remix-utils.*/],
};
