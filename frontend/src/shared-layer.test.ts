// Every screen uses the shared layer: a query's loading, failure and empty states go through QueryState (or
// DataTable's `query`, or a route's pending/error components), tables through DataTable, selects through
// SelectField, labelled fields through the form components. This reads the feature sources and fails on a
// hand-written copy. A mutation's own `isPending`/`isError` (a button's loading, a form's failure alert) is allowed.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(__dirname);
const FEATURES = join(SRC, 'features');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'test' ? [] : sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const files = sources(FEATURES).map((path) => ({ path: relative(SRC, path).split('\\').join('/'), text: readFileSync(path, 'utf8') }));
const tsx = files.filter((file) => file.path.endsWith('.tsx'));

/** The variables a file binds to a query: `const x = useQuery(`, `useSuspenseQuery(`, `useInfiniteQuery(`. */
function queryNames(text: string): string[] {
  return [...text.matchAll(/const\s+(\w+)\s*=\s*use(?:Suspense|Infinite)?Query\(/g)].map((match) => match[1]);
}

/** A feature file reading a query's state itself: `list.isPending`, `isLoading`, `status === 'error'`, a destructured flag. */
function handWrittenStates(text: string): string[] {
  const found: string[] = [];
  for (const name of queryNames(text)) {
    const pattern = new RegExp(`\\b${name}\\.(?:isPending|isLoading|isError|status\\s*[!=]==?\\s*'(?:pending|error|success)')`, 'g');
    for (const match of text.matchAll(pattern)) found.push(match[0]);
  }
  for (const match of text.matchAll(/\bisLoading\b|\{[^}]*\b(?:isPending|isError)\b[^}]*\}\s*=\s*use(?:Suspense|Infinite)?Query\(/g)) {
    found.push(match[0]);
  }
  return found;
}

/**
 * A feature file branching on a loading or failure flag a hook or parent computed (`page.loading ? … : page.failed ? …`,
 * `loading && …`, `if (failed)`): the same hand-written states one step removed. The hook returns a query-like object
 * for QueryState instead.
 */
function handWrittenFlags(text: string): string[] {
  const flag = String.raw`(?:[\w$]+\.)*(?:loading|failed|isLoading)\b`;
  const pattern = new RegExp(String.raw`(?<![\w$.])${flag}\s*(?:\?(?![.?])|&&|\|\|)|(?:!|\bif\s*\(\s*)${flag}`, 'g');
  return [...text.matchAll(pattern)].map((match) => match[0].trim());
}

/**
 * Files still allowed to hand-write a query state, each with its reason. Keep this list short; a new entry needs a
 * state QueryState cannot express.
 */
const STATE_ALLOW_LIST: Record<string, string> = {};

describe('the shared layer', () => {
  it('finds the feature sources', () => {
    expect(tsx.length).toBeGreaterThan(50);
  });

  it("no feature file reads a query's loading or failure itself (QueryState / DataTable's query / the route's states)", () => {
    const offenders = tsx
      .filter((file) => !(file.path in STATE_ALLOW_LIST))
      .map((file) => ({ file: file.path, states: handWrittenStates(file.text) }))
      .filter((entry) => entry.states.length > 0);
    expect(offenders).toEqual([]);
  });

  it('the pattern catches a hand-written state and lets a mutation pass', () => {
    expect(handWrittenStates("const list = useQuery(q());\nreturn list.isPending ? <Skeleton /> : null;")).toEqual(['list.isPending']);
    expect(handWrittenStates("const { data, isError } = useQuery(q());")).toHaveLength(1);
    expect(handWrittenStates("const query = useQuery(q());\nif (query.status === 'error') return null;")).toHaveLength(1);
    expect(handWrittenStates("const query = useQuery(q());\nconst note = payout.status === 'pending';")).toEqual([]);
    expect(handWrittenStates("const save = useMutation(m);\nreturn <Button loading={save.isPending} />;")).toEqual([]);
  });

  it('no feature file branches on a loading or failed flag handed down by a hook or a parent', () => {
    const offenders = tsx
      .filter((file) => !(file.path in STATE_ALLOW_LIST))
      .map((file) => ({ file: file.path, flags: handWrittenFlags(file.text) }))
      .filter((entry) => entry.flags.length > 0);
    expect(offenders).toEqual([]);
  });

  it('the flag pattern catches a hand-written loading or failed branch and lets a button\'s loading prop pass', () => {
    expect(handWrittenFlags('{page.loading ? <Skeleton /> : page.failed ? <LoadError /> : null}')).toEqual(['page.loading ?', 'page.failed ?']);
    expect(handWrittenFlags('{loading && !contacts ? <Text /> : null}')).toEqual(['loading &&']);
    expect(handWrittenFlags('if (failed) return null;')).toEqual(['if (failed']);
    expect(handWrittenFlags('{!isLoading && <List />}')).toEqual(['!isLoading']);
    expect(handWrittenFlags('<Button loading={save.isPending} loadingText="Saving..." />')).toEqual([]);
    expect(handWrittenFlags('<Button loading={book.isPending || book.isSuccess} />')).toEqual([]);
    expect(handWrittenFlags("const note = result.failed?.message ?? '';")).toEqual([]);
  });

  it('every table is a DataTable: no Chakra Table outside components/ui/DataTable.tsx', () => {
    const offenders = files.filter((file) => /@chakra-ui\/react\/table|<Table\./.test(file.text)).map((file) => file.path);
    expect(offenders).toEqual([]);
  });

  it('every labelled field goes through the form components: no Chakra Field.Root in a feature outside the allow-list', () => {
    const offenders = files.filter((file) => /\bField\.Root\b/.test(file.text)).map((file) => file.path);
    expect(offenders.filter((path) => !(path in FIELD_ROOT_ALLOW_LIST))).toEqual([]);
  });

  it('every select is a SelectField: no NativeSelect outside components/form/SelectField.tsx', () => {
    const offenders = files.filter((file) => /\bNativeSelect\b/.test(file.text)).map((file) => file.path);
    expect(offenders.filter((path) => !(path in NATIVE_SELECT_ALLOW_LIST))).toEqual([]);
  });
});

/** Labelled fields not on the form components (FormField, SelectField, FileField…), each with its reason. */
const FIELD_ROOT_ALLOW_LIST: Record<string, string> = {
  // The /pricing page's island (islands/price-calculator.ts) finds the message by `[data-price-error]` and the field
  // is tied to the price region too (aria-describedby); FormField's island message is `data-error-for` + `{id}-error`.
  'features/public/components/PriceCalculator.tsx': 'island message hook FormField does not render',
  // FormField renders the same island hooks (`data-error-for`, the hidden `{id}-error` message), but features/public
  // may not import components/form (eslint boundaries/public-no-app-code keeps the public pages light).
  'features/public/components/ContactForm.tsx': 'public pages may not import components/form',
};

/** Selects not yet on SelectField, each with its reason. */
const NATIVE_SELECT_ALLOW_LIST: Record<string, string> = {};
