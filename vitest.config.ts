import { defineConfig } from 'vitest/config';
import SlowFirstSequencer from './tests/support/slow-first.sequencer';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/support/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**', 'dist/**', '.netlify/**'],
    // Database suites open PGlite or a PostgreSQL schema in beforeAll; the API tests boot the site.
    // Generous: CI machines have two cores and the bundled-function test waits for esbuild.
    testTimeout: 60_000,
    // Vitest's default on two cores is one worker: files run one after another. Most files wait on
    // servers, databases and child processes (the Netlify bundling check alone waits minutes), so
    // three workers overlap that waiting: the suite takes about half as long, the cores stay busy.
    maxWorkers: 3,
    hookTimeout: 90_000,
    // The slowest files start first, so none of them runs alone at the end.
    sequence: { sequencer: SlowFirstSequencer },
    // Names the run's PostgreSQL test schemas and drops them after the last worker finishes.
    globalSetup: ['tests/support/postgres-schemas.global-setup.ts'],
    // Request logs drown test output; warnings and errors still show.
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
  },
});
