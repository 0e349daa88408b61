// @vitest-environment node
// The system carries only the recipes of components the app uses (see ./recipes.ts). This test scans every
// `@chakra-ui/react` import under src/ and fails when a used component's recipe is missing, so a component
// added later (e.g. a Badge on a dashboard) cannot silently render unstyled.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { recipes as defaultRecipes, slotRecipes as defaultSlotRecipes } from '@chakra-ui/react/theme';
import { OMITTED_PALETTES, brandColors, getSystem } from './system';

const system = getSystem();

const SRC = fileURLToPath(new URL('..', import.meta.url));

/** Components whose recipe key is not their camel-cased name (or that need extra recipes). */
const ALIASES: Record<string, string[]> = {
  IconButton: ['button'],
  CloseButton: ['button'],
  ButtonGroup: ['button'],
  Button: ['button', 'spinner'], // `loading` renders a Spinner
  Toaster: ['toast'],
  InputGroup: ['inputAddon'],
  InputAddon: ['inputAddon'],
  Checkbox: ['checkbox', 'checkmark'],
  RadioGroup: ['radioGroup', 'radiomark'],
  Skeleton: ['skeleton'],
  SkeletonText: ['skeleton'],
  SkeletonCircle: ['skeleton'],
  ProgressCircle: ['progressCircle'],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Every value name imported from `@chakra-ui/react` or a `@chakra-ui/react/<component>` entry, with its files. */
function chakraImports(): Map<string, string[]> {
  const used = new Map<string, string[]>();
  const importRe = /import\s+(type\s+)?\{([^}]*)\}\s+from\s+['"]@chakra-ui\/react(?:\/[a-z-]+)?['"]/g;
  for (const file of sourceFiles(SRC)) {
    for (const m of readFileSync(file, 'utf8').matchAll(importRe)) {
      if (m[1]) continue;
      for (const raw of m[2].split(',')) {
        const name = raw.trim();
        if (!name || name.startsWith('type ')) continue;
        const base = name.split(/\s+as\s+/)[0].trim();
        used.set(base, [...(used.get(base) ?? []), relative(SRC, file)]);
      }
    }
  }
  return used;
}

const camel = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);

describe('design system', () => {
  it('has the recipe of every Chakra component used in src/', () => {
    const known = new Set([...Object.keys(defaultRecipes), ...Object.keys(defaultSlotRecipes)]);
    const missing: string[] = [];
    for (const [name, files] of chakraImports()) {
      const keys = ALIASES[name] ?? (known.has(camel(name)) ? [camel(name)] : []);
      for (const key of keys) {
        const has = key in defaultSlotRecipes ? system.getSlotRecipe(key) : system.getRecipe(key);
        if (has && Object.keys(has).length > 0) continue;
        // Or every file that renders it is a module loaded on demand that registers the recipe as it loads.
        const registers = new RegExp(`registerSlotRecipes\\(\\{[^}]*\\b${key}:`);
        const unregistered = files.filter((file) => !registers.test(readFileSync(join(SRC, file), 'utf8')));
        if (unregistered.length) missing.push(`${name} needs the "${key}" recipe (used in ${unregistered[0]}): add it to src/theme/recipes.ts, or register it in that module (registerSlotRecipes)`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('keeps the spec colours, breakpoints and the strong primary', () => {
    expect(system.token('colors.primary')).toBe(brandColors.primary);
    expect(system.token('colors.red.600')).toBeTruthy();
    expect(system.token('colors.teal.500')).toBeUndefined();
    expect(system.token('colors.brand.600')).toBe('#C1121F');
    // Filled green and orange buttons carry white text at 4.5:1 or more (the 700 shades).
    expect(system.tokens.getByName('colors.green.solid')?.originalValue).toBe('{colors.green.700}');
    expect(system.tokens.getByName('colors.orange.solid')?.originalValue).toBe('{colors.orange.700}');
    expect(system.token('breakpoints.sm')).toBe('640px');
    expect(system.token('breakpoints.md')).toBe('768px');
    expect(system.token('breakpoints.lg')).toBe('1024px');
    expect(system.token('breakpoints.xl')).toBe('1280px');
  });
});

describe('omitted colour palettes', () => {
  it('are named by no source file (as a colorPalette or a colour token)', () => {
    const palette = OMITTED_PALETTES.join('|');
    const uses = new RegExp(`colorPalette[=:]\\s*\\{?\\s*['"](${palette})['"]|['"{](${palette})\\.(\\d{2,3}|solid|contrast|fg|muted|subtle|emphasized|focusRing|border)\\b`);
    const offenders = sourceFiles(SRC)
      .filter((file) => uses.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SRC, file));
    expect(offenders, `these files use a palette left out of the theme (system.ts OMITTED_PALETTES): ${offenders.join(', ')}`).toEqual([]);
  });
});
