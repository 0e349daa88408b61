// Proves each import boundary of eslint.config.js fires (and does not fire on what is allowed): small sources
// linted with the real config at made-up paths of the tree. Run by `npm test` (step "scripts").
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ESLint } from 'eslint';
import { ROOT } from './lib/env.mjs';

const eslint = new ESLint({ cwd: ROOT });

/**
 * The boundary rules that report on `source` placed at `filePath` (relative to the repository root).
 * @param {string} filePath
 * @param {string} source
 */
async function boundaryErrors(filePath, source) {
  const [result] = await eslint.lintText(source, { filePath: `${ROOT}/${filePath}` });
  const fatal = result.messages.filter((m) => m.fatal);
  assert.deepEqual(fatal, [], `${filePath} did not parse`);
  return result.messages.filter((m) => m.ruleId?.startsWith('boundaries/')).map((m) => m.ruleId);
}

/** @param {string} rule @param {string} filePath @param {string} specifier */
const fires = async (rule, filePath, specifier) =>
  assert.deepEqual(await boundaryErrors(filePath, `import x from '${specifier}';\nexport default x;\n`), [`boundaries/${rule}`], `${filePath}: import '${specifier}' should break ${rule}`);
/** @param {string} filePath @param {string} specifier */
const allowed = async (filePath, specifier) =>
  assert.deepEqual(await boundaryErrors(filePath, `import x from '${specifier}';\nexport default x;\n`), [], `${filePath}: import '${specifier}' should be allowed`);

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
  await allowed('backend/src/modules/tutors/tutors.service.ts', '../../infra/database/schema/index.js');
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
