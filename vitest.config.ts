import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    // Integration tests spawn builds that use both cores; running files in parallel only adds noise.
    fileParallelism: false,
    // One temporary directory for the whole run, removed at its end (tests/temp-root.ts).
    globalSetup: ['tests/temp-root.ts'],
  },
});
