// Unit tests: one class at a time, collaborators replaced. Lives beside the code as *.spec.ts. The shared
// package's rules (../shared/src, imported as `@redpen/shared/<file>`) are tested here too.
export default {
  rootDir: 'src',
  roots: ['<rootDir>', '<rootDir>/../../shared/src'],
  testRegex: '.*\\.spec\\.ts$',
  testEnvironment: 'node',
  // A bound for a stuck test, not a speed check: on a 2-core machine that is also building, a test that starts
  // worker threads (the document word counter) took more than jest's default 5 s and failed `npm test`.
  testTimeout: 20000,
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': ['@swc/jest', {
      jsc: {
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true },
        target: 'es2023',
      },
      module: { type: 'es6' },
    }],
  },
};
