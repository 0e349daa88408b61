import { set, type FieldErrors, type FieldValues, type Resolver } from 'react-hook-form';

/**
 * A feature's form rules as its `schemas.ts` writes them: a pure function from the form's values to its problems,
 * keyed by field path (`'title'`, `'subjects.0.grade'`), in the spec's words. A missing or empty entry is no problem.
 */
export type FormRules<V, C = undefined> = (values: V, context: C) => Partial<Record<string, string | null | undefined>>;

/**
 * The one bridge from a feature's rules to react-hook-form (`useForm({ resolver: rulesResolver(uploadRules) })`):
 * every form validates through its feature's schemas, so a rule and its message live in one place and are
 * unit-tested without rendering. (The project's rules are plain functions, so no schema library is needed.)
 */
export function rulesResolver<V extends FieldValues, C = undefined>(rules: FormRules<V, C>): Resolver<V, C> {
  return (values, context) => {
    const problems = Object.entries(rules(values, context as C)).filter((entry): entry is [string, string] => !!entry[1]);
    if (problems.length === 0) return { values, errors: {} };
    const errors: FieldErrors<V> = {};
    for (const [path, message] of problems) set(errors, path, { type: 'rules', message });
    return { values: {}, errors };
  };
}

/**
 * react-hook-form's nested errors as the rules wrote them, path → message (`subjects.0`, `subjects`), for
 * editors that show a list's problems by path (the subjects and A-Level rows).
 */
export function flatErrors(errors: FieldErrors, prefix = ''): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, node] of Object.entries(errors)) {
    if (!node || typeof node !== 'object' || key === 'ref' || key === 'types') continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof (node as { message?: unknown }).message === 'string') flat[path] = (node as { message: string }).message;
    Object.assign(flat, flatErrors(node as FieldErrors, path));
  }
  return flat;
}
