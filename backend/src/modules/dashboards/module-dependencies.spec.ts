import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const MODULES = fileURLToPath(new URL('../', import.meta.url));

/** Every module a file of `module` imports from (`../<other>/…`), with the importing file. */
function importsOf(module: string): string[] {
  const dir = join(MODULES, module);
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
  return files.flatMap((file) =>
    [...readFileSync(join(dir, file), 'utf8').matchAll(/from '((?:\.\.\/)+)([\w-]+)\//g)]
      .filter(([, ups]) => ups!.length / 3 === file.split('/').length)
      .map(([, , other]) => `${other} (${relative(MODULES, join(dir, file))})`),
  );
}

// The dashboards ask Essays and Tutoring for their figures, and Ratings routes a rating to the module owning the
// rated item: so neither of the two needs the other.
describe('module dependencies', () => {
  it('Essays imports nothing of Tutoring', () => {
    expect(importsOf('essays').filter((i) => i.startsWith('tutoring '))).toEqual([]);
  });

  it('Tutoring imports nothing of Essays', () => {
    expect(importsOf('tutoring').filter((i) => i.startsWith('essays '))).toEqual([]);
  });

  it('Ratings imports only the DTOs of the modules whose items it routes', () => {
    expect(importsOf('ratings').filter((i) => /^(essays|tutoring) /.test(i))).toEqual(['essays (ratings/dto/rating.dto.ts)', 'tutoring (ratings/dto/rating.dto.ts)']);
  });
});
