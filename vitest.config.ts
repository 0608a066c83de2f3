import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/support/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**', 'dist/**', '.netlify/**'],
    // Database suites open PGlite or a PostgreSQL schema in beforeAll; the API tests boot the site.
    // Generous: CI machines have two cores and the bundled-function test waits for esbuild.
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // Request logs drown test output; warnings and errors still show.
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
  },
});
