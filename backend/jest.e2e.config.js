// End-to-end tests: the whole AppModule against the real PostgreSQL, Redis, S3 endpoint and mail catcher.
import unit from './jest.unit.config.js';

export default {
  ...unit,
  rootDir: '.',
  roots: ['<rootDir>/test'],
  testRegex: '.*\\.e2e-spec\\.ts$',
  globalSetup: '<rootDir>/test/support/global-setup.mjs',
  setupFiles: ['<rootDir>/test/support/env.ts'],
  testTimeout: 30000,
};
