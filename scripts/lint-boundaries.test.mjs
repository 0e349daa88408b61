// Proves each import boundary of eslint.config.js fires (and does not fire on what is allowed): small sources
// linted with the real config at made-up paths of the tree. Run by `npm test` (step "scripts").
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ESLint } from 'eslint';
import { ROOT } from './lib/env.mjs';

const eslint = new ESLint({ cwd: ROOT });

/**
 * The boundary rules (and the Chakra import rule) that report on `source` placed at `filePath` (relative to the
 * repository root).
 * @param {string} filePath
 * @param {string} source
 */
async function boundaryErrors(filePath, source) {
  const [result] = await eslint.lintText(source, { filePath: `${ROOT}/${filePath}` });
  const fatal = result.messages.filter((m) => m.fatal);
  assert.deepEqual(fatal, [], `${filePath} did not parse`);
  return result.messages.filter((m) => m.ruleId?.startsWith('boundaries/') || m.ruleId === 'no-restricted-imports').map((m) => m.ruleId);
}

/** @param {string} rule @param {string} filePath @param {string} specifier */
const fires = async (rule, filePath, specifier) =>
  assert.deepEqual(await boundaryErrors(filePath, `import x from '${specifier}';\nexport default x;\n`), [`boundaries/${rule}`], `${filePath}: import '${specifier}' should break ${rule}`);
/** @param {string} filePath @param {string} specifier */
const allowed = async (filePath, specifier) =>
  assert.deepEqual(await boundaryErrors(filePath, `import x from '${specifier}';\nexport default x;\n`), [], `${filePath}: import '${specifier}' should be allowed`);
/** The same as `fires`, for a whole source (dynamic imports, re-exports). @param {string} rule @param {string} filePath @param {string} source */
const firesIn = async (rule, filePath, source) =>
  assert.deepEqual(await boundaryErrors(filePath, source), [`boundaries/${rule}`], `${filePath}: ${source.trim()} should break ${rule}`);

test('only repositories and infra/database/ import Drizzle', async () => {
  await fires('drizzle-only-in-repositories', 'backend/src/modules/tutors/tutors.service.ts', 'drizzle-orm');
  await fires('drizzle-only-in-repositories', 'backend/src/main.ts', 'drizzle-orm/node-postgres');
  await fires('drizzle-only-in-repositories', 'backend/src/common/guards/new.guard.ts', 'drizzle-orm');
  await allowed('backend/src/modules/tutors/tutors.repository.ts', 'drizzle-orm');
  await allowed('backend/src/infra/database/schema/new.ts', 'drizzle-orm/pg-core');
});

test('infra/ and common/ never import modules/', async () => {
  await fires('infra-common-not-modules', 'backend/src/infra/mail/new.ts', '../../modules/auth/auth.service.js');
  await fires('infra-common-not-modules', 'backend/src/common/guards/new.guard.ts', '../../modules/tutors/tutors.module.js');
  await allowed('backend/src/infra/mail/new.ts', '../../common/errors.js');
});

test('a module imports another only through its module, services, presenters and DTOs', async () => {
  await fires('module-public-api', 'backend/src/modules/tutors/tutors.service.ts', '../auth/auth.repository.js');
  await fires('module-public-api', 'backend/src/modules/tutors/tutors.service.ts', '../auth/password-policy.js');
  await fires('module-public-api', 'backend/src/modules/tutors/dto/tutor.dto.ts', '../../auth/auth.controller.js');
  await fires('module-public-api', 'backend/src/modules/tutors/dto/tutor.dto.ts', '../../../modules/auth/one-time-secrets.js');
  await allowed('backend/src/modules/tutors/tutors.service.ts', '../auth/auth-tokens.service.js');
  await allowed('backend/src/modules/tutors/tutors.module.ts', '../auth/auth.module.js');
  await allowed('backend/src/modules/tutors/tutors.service.ts', '../auth/user.presenter.js');
  await allowed('backend/src/modules/tutors/tutors.service.ts', '../auth/dto/auth.dto.js');
  // A unit test may wire another module's service over fakes of its repository.
  await allowed('backend/src/modules/tutors/tutors.service.spec.ts', '../auth/auth.repository.js');
  // Its own files, and the layers below, are the module's to use.
  await allowed('backend/src/modules/tutors/dto/tutor.dto.ts', '../tutors.repository.js');
  await allowed('backend/src/modules/tutors/tutors.service.ts', './tutors.schema.js');
});

test('a module imports only its own tables; the index of every table is for drizzle-kit and the tests', async () => {
  await fires('module-owns-its-tables', 'backend/src/modules/tutoring/new.repository.ts', '../tutors/tutors.schema.js');
  await fires('module-owns-its-tables', 'backend/src/modules/tutoring/new.repository.ts', '../users/users.schema.js');
  await fires('module-owns-its-tables', 'backend/src/modules/tutoring/dto/tutoring.dto.ts', '../../ratings/ratings.schema.js');
  await fires('module-owns-its-tables', 'backend/src/modules/tutoring/tutoring.service.ts', '../../infra/database/schema/index.js');
  await fires('module-owns-its-tables', 'backend/src/modules/tutoring/new.repository.ts', '/src/modules/users/users.schema.js');
  await fires('module-owns-its-tables', 'backend/src/modules/tutoring/new.repository.ts', '../essays/schema/essays.js');
  await fires('module-owns-its-tables', 'backend/src/modules/tutoring/tutoring.service.spec.ts', '../users/users.schema.js');
  await firesIn('module-owns-its-tables', 'backend/src/modules/tutoring/new.ts', "export type { UserRow } from '../users/users.schema.js';\n");
  // Its own tables, another module's row type through that module's service or a read model it publishes.
  await allowed('backend/src/modules/tutoring/tutoring.repository.ts', './tutoring.schema.js');
  await allowed('backend/src/modules/tutoring/dto/tutoring.dto.ts', '../tutoring.schema.js');
  await allowed('backend/src/modules/tutoring/tutoring.service.ts', '../users/users.service.js');
  await allowed('backend/src/modules/tutoring/tutoring.service.ts', '../tutors/tutor-card.read-model.js');
  // A table's declaration may name another's for a foreign key; the backend's tests check rows of any table.
  await allowed('backend/src/modules/tutoring/tutoring.schema.ts', '../users/users.schema.js');
  await allowed('backend/test/new.e2e-spec.ts', '../src/modules/tutors/tutors.schema.js');
  await allowed('backend/test/new.e2e-spec.ts', '../src/infra/database/schema/index.js');
  await allowed('backend/src/infra/database/schema/index.ts', '../../../modules/users/users.schema.js');
});

test("a frontend feature never imports another feature's files", async () => {
  await fires('feature-isolation', 'frontend/src/features/public/components/New.tsx', '../../auth/session');
  await fires('feature-isolation', 'frontend/src/features/public/New.tsx', '../auth/components/FormField');
  await fires('feature-isolation', 'frontend/src/features/public/pages/deep/New.tsx', '../../../../features/auth/api');
  await allowed('frontend/src/features/auth/components/New.tsx', '../../auth/session'); // its own folder, the long way
  await allowed('frontend/src/features/public/components/New.tsx', '../hooks/useThing');
  await allowed('frontend/src/features/public/components/New.tsx', '../../../components/SubmitButton');
  await allowed('frontend/src/features/public/components/New.tsx', '../../../lib/useHydrated');
});

test('api/, components/ and lib/ never import features/', async () => {
  await fires('shared-not-features', 'frontend/src/lib/new.ts', '../features/auth/session');
  await fires('shared-not-features', 'frontend/src/api/new.ts', '../features/auth/session');
  await fires('shared-not-features', 'frontend/src/components/layouts/NewLayout.tsx', '../../features/public/components/SiteHeader');
  await allowed('frontend/src/components/layouts/NewLayout.tsx', '../../lib/useAppReady');
  await allowed('frontend/src/routes/new.tsx', '../features/auth/session');
});

test('paths are read as they resolve: ./ and ../ segments normalised, root-absolute /src/ paths, dynamic import(), re-exports', async () => {
  await fires('infra-common-not-modules', 'backend/src/infra/mail/new.ts', '../.././modules/auth/auth.service.js');
  await fires('infra-common-not-modules', 'backend/src/infra/mail/new.ts', './../../modules/auth/auth.service.js');
  await fires('infra-common-not-modules', 'backend/src/infra/mail/new.ts', '../../common/../modules/auth/auth.service.js');
  await fires('infra-common-not-modules', 'backend/src/infra/mail/new.ts', '/src/modules/auth/auth.service.js');
  await fires('module-public-api', 'backend/src/modules/tutors/tutors.service.ts', './.././auth/auth.repository.js');
  await fires('module-public-api', 'backend/src/modules/tutors/tutors.service.ts', '/src/modules/auth/auth.repository.js');
  await fires('feature-isolation', 'frontend/src/features/public/components/New.tsx', '/src/features/auth/session');
  await fires('feature-isolation', 'frontend/src/features/public/New.tsx', '.././auth/session');
  await fires('shared-not-features', 'frontend/src/lib/new.ts', '/src/features/auth/session');
  await firesIn('infra-common-not-modules', 'backend/src/infra/mail/new.ts', "export const load = () => import('../../modules/auth/auth.service.js');\n");
  await firesIn('infra-common-not-modules', 'backend/src/infra/mail/new.ts', 'export const load = () => import(`../../modules/auth/auth.service.js`);\n');
  await firesIn('feature-isolation', 'frontend/src/features/public/New.tsx', "export type Session = typeof import('../auth/session');\n");
  await firesIn('module-public-api', 'backend/src/modules/tutors/new.ts', "export { x } from '../auth/auth.repository.js';\n");
  await firesIn('module-public-api', 'backend/src/modules/tutors/new.ts', "export * from '../auth/auth.repository.js';\n");
  await firesIn('drizzle-only-in-repositories', 'backend/src/modules/tutors/tutors.service.ts', "export const orm = () => import('drizzle-orm');\n");
  // What stays allowed after normalising: its own folder, the layers below.
  await allowed('backend/src/modules/tutors/tutors.service.ts', './../tutors/tutors.repository.js');
  await allowed('backend/src/infra/mail/new.ts', '/src/common/errors.js');
  await allowed('frontend/src/features/public/components/New.tsx', '/src/lib/useHydrated');
  assert.deepEqual(await boundaryErrors('backend/src/infra/mail/new.ts', 'export const load = (name: string) => import(name);\n'), [], 'a computed import() cannot be read and is left alone');
});

test('shared/ imports only shared/, by its package name; its tests may also use jest and fast-check', async () => {
  await fires('shared-only-shared', 'shared/src/new.ts', 'node:fs');
  await fires('shared-only-shared', 'shared/src/new.ts', 'react');
  await fires('shared-only-shared', 'shared/src/new.ts', 'socket.io-client');
  await fires('shared-only-shared', 'shared/src/new.ts', './pricing.js');
  await fires('shared-only-shared', 'shared/src/new.ts', '../../backend/src/common/errors.js');
  await firesIn('shared-only-shared', 'shared/src/new.ts', "export const fs = () => import('node:fs');\n");
  await fires('shared-only-shared', 'shared/src/new.spec.ts', 'node:fs');
  await allowed('shared/src/new.ts', '@redpen/shared/pricing');
  await allowed('shared/src/new.spec.ts', '@redpen/shared/pricing');
  await allowed('shared/src/new.spec.ts', '@jest/globals');
  await allowed('shared/src/new.spec.ts', 'fast-check');
});

test('both sides import shared/ by its package name, never by a path or the old alias', async () => {
  await fires('shared-by-package-name', 'backend/src/modules/essays/new.ts', '../../../../shared/src/pricing.js');
  await fires('shared-by-package-name', 'frontend/src/lib/new.ts', '../../../shared/src/pricing');
  await fires('shared-by-package-name', 'frontend/src/lib/new.ts', '@shared/pricing');
  await fires('shared-by-package-name', 'scripts/new.mjs', '../shared/src/essay-levels.ts');
  await allowed('backend/src/modules/essays/new.ts', '@redpen/shared/pricing');
  await allowed('frontend/src/lib/new.ts', '@redpen/shared/pricing');
});

test('features/public imports no app code: no session, query client, chat socket, auth calls or router', async () => {
  await fires('public-no-app-code', 'frontend/src/features/public/components/New.tsx', '../../../lib/session');
  await fires('public-no-app-code', 'frontend/src/features/public/components/New.tsx', '../../../lib/useLogout');
  await fires('public-no-app-code', 'frontend/src/features/public/components/New.tsx', '../../../lib/query-client');
  await fires('public-no-app-code', 'frontend/src/features/public/pages/New.tsx', '../../../lib/chat-socket');
  await fires('public-no-app-code', 'frontend/src/features/public/pages/New.tsx', '../../../api/auth');
  await fires('public-no-app-code', 'frontend/src/features/public/pages/New.tsx', '../../../router');
  await fires('public-no-app-code', 'frontend/src/features/public/New.tsx', '/src/lib/session');
  await fires('public-no-app-code', 'frontend/src/features/public/pages/New.tsx', 'socket.io-client');
  await fires('public-no-app-code', 'frontend/src/features/public/pages/New.tsx', '@tanstack/react-query');
  await firesIn('public-no-app-code', 'frontend/src/features/public/pages/New.tsx', "export const chat = () => import('../../../lib/chat-socket');\n");
  // The API client and the app's forms are app code too (the contact form is an island calling fetch).
  await fires('public-no-app-code', 'frontend/src/features/public/components/New.tsx', '../../../api/client');
  await fires('public-no-app-code', 'frontend/src/features/public/components/New.tsx', '../../../components/form/SubmitButton');
  await allowed('frontend/src/features/public/components/New.tsx', '../../../lib/page-head');
  await allowed('frontend/src/features/public/components/New.tsx', '../../../components/SkipLink');
  await allowed('frontend/src/features/public/pages/New.test.tsx', '../../../router');
  await allowed('frontend/src/features/auth/pages/New.tsx', '../../../lib/session');
});

test('the islands are plain TypeScript: no framework, no app code, no React component', async () => {
  await fires('islands-plain', 'frontend/src/features/public/islands/new.ts', 'react');
  await fires('islands-plain', 'frontend/src/features/public/islands/new.ts', '@chakra-ui/react/box');
  await fires('islands-plain', 'frontend/src/features/public/islands/new.ts', '@tanstack/react-router');
  await fires('islands-plain', 'frontend/src/features/public/islands/new.ts', '../../../lib/useHydrated');
  await fires('islands-plain', 'frontend/src/features/public/islands/new.ts', '../../../components/SkipLink');
  await fires('islands-plain', 'frontend/src/features/public/islands/new.ts', '../components/PriceCalculator');
  await fires('islands-plain', 'frontend/src/islands/new.ts', '../features/public/components/SiteHeader');
  await fires('islands-plain', 'frontend/src/islands/new.ts', '../lib/session');
  await fires('islands-plain', 'frontend/src/islands/new.ts', '../api/client');
  await firesIn('islands-plain', 'frontend/src/features/public/islands/new.ts', "export const ready = () => import('../../../lib/useHydrated');\n");
  await allowed('frontend/src/features/public/islands/new.ts', '../../../lib/islands/runtime');
  await allowed('frontend/src/islands/new.ts', '../lib/page-head');
  await allowed('frontend/src/features/public/islands/new.ts', '../contact-rules');
  await allowed('frontend/src/features/public/islands/new.ts', '@redpen/shared/pricing');
  await allowed('frontend/src/islands/new.ts', '../features/public/islands/menu');
  await allowed('frontend/src/islands/new.ts', '../features/auth/islands/sign-in');
});

test("the sign-in islands reach only the auth feature's pure modules, the stored session and the error body", async () => {
  const island = 'frontend/src/features/auth/islands/new.ts';
  await fires('islands-plain', island, '../../../lib/session');
  await fires('islands-plain', island, '../../../api/client');
  await fires('islands-plain', island, '../../../api/auth');
  await fires('islands-plain', island, '../components/AuthCard');
  await fires('islands-plain', island, '../guards');
  await fires('islands-plain', island, '../hooks/useCooldown');
  await fires('islands-plain', island, 'react-hook-form');
  await fires('islands-plain', 'frontend/src/lib/islands/new.ts', '../session');
  await allowed(island, '../../../lib/session-store');
  await allowed(island, '../../../lib/islands/runtime');
  await allowed(island, '../../../api/error-body');
  await allowed(island, '../../../api/schema');
  await allowed(island, '../schemas');
  await allowed(island, '../cooldown');
  await allowed(island, '../sign-in');
  await allowed(island, './views');
});

test('Chakra is imported per component', async () => {
  assert.deepEqual(await boundaryErrors('frontend/src/components/ui/New.tsx', "import { Box } from '@chakra-ui/react';\nexport default Box;\n"), ['no-restricted-imports']);
  assert.deepEqual(await boundaryErrors('frontend/src/features/public/New.tsx', "import { Box } from '@chakra-ui/react';\nexport default Box;\n"), ['no-restricted-imports']);
  await allowed('frontend/src/components/ui/New.tsx', '@chakra-ui/react/box');
});
