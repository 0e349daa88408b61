// The component tests' run: vite.config.ts (plugins, aliases and its `test` block: environment, setup file) plus
// the options that make the run fast on a 2-core machine. Measured in docs/benchmarks.md, "Test suite time".
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

const SRC = fileURLToPath(new URL('./src', import.meta.url));

/**
 * Test files that replace a module (`vi.mock`, `vi.doMock`). In a shared module graph such a mock may not apply
 * (another file already loaded the real module) or may leak into the files after it, so their presence turns
 * isolation back on. Module fakes every file needs belong in the setup file (src/test/setup.ts).
 */
const mockingFiles = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .filter((file) => /\bvi\.(mock|doMock|unmock|doUnmock)\(/.test(readFileSync(join(SRC, file), 'utf8')));
if (mockingFiles.length > 0) {
  console.warn(`vitest: ${mockingFiles.join(', ')} mock${mockingFiles.length === 1 ? 's' : ''} modules: every file runs isolated (slower; see vitest.config.ts)`);
}

export default defineConfig((env) =>
  mergeConfig(viteConfig(env), {
    test: {
      // One module graph per worker instead of one per file: React, Chakra, TanStack and the app's route tree were
      // evaluated again for each of the 37 files (a third of the run; vitest's own diagnostic said so). Each test
      // renders into a fresh root that Testing Library's cleanup removes, and `restoreMocks`/`unstubGlobals` undo
      // the rest after every test.
      // The worker count stays vitest's default (cores − 1: one here); two workers were slower and timed tests
      // out while the machine was busy (docs/benchmarks.md).
      isolate: mockingFiles.length > 0,
      // vitest's 5 s default is too tight on a 2-core machine doing other work (a build, a second suite): the first
      // test of a worker also pays for importing React, Chakra and the route tree, and a full-app render with typing
      // took 5-10 s there. 15 s leaves room without letting a test that really hangs (an unanswered stub, a missed
      // fake-timer advance) wait long. Tests type with `userEvent.setup({ delay: null })`: no timer between keys.
      testTimeout: 15_000,
    },
  }),
);
