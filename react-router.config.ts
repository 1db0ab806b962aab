import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Several builds may live side by side (tests run in parallel with development).
  buildDirectory: process.env.BUILD_DIR ?? "build",
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
    v8_viteEnvironmentApi: false,
  },
} satisfies Config;
