// The component tests' run: vite.config.ts (plugins, aliases and its `test` block: environment, setup file) plus
// the options that make the run fast on a 2-core machine. Measured in docs/benchmarks.md, "Test suite time".
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default defineConfig((env) =>
  mergeConfig(viteConfig(env), {
    test: {
      // One module graph per worker instead of one per file: React, Chakra, TanStack and the app's route tree were
      // evaluated again for each of the 37 files (a third of the run; vitest's own diagnostic said so). No test
      // file mocks a module (the one vi.mock is in the setup file, for every file alike), each test renders into
      // a fresh root that Testing Library's cleanup removes, and `restoreMocks`/`unstubGlobals` undo the rest.
      // The worker count stays vitest's default (cores − 1: one here); two workers were slower and timed tests
      // out while the machine was busy (docs/benchmarks.md).
      isolate: false,
    },
  }),
);
