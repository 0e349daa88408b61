import { describe, expect, it } from 'vitest';
import { flatErrors, rulesResolver } from './rules-resolver';

interface Values {
  title: string;
  rows: { grade: string }[];
}

const rules = (values: Values) => ({
  title: values.title.trim() ? null : 'Title is required',
  ...Object.fromEntries(values.rows.map((row, i) => [`rows.${i}.grade`, row.grade ? undefined : 'Grade is required'])),
});

const resolve = (values: Values) => rulesResolver(rules)(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('rulesResolver', () => {
  it('passes valid values through with no errors', async () => {
    const values = { title: 'Essay', rows: [{ grade: 'A' }] };
    expect(await resolve(values)).toEqual({ values, errors: {} });
  });

  it('turns each problem into an error at its (nested) field path, in the rule’s words', async () => {
    const result = await resolve({ title: ' ', rows: [{ grade: 'A' }, { grade: '' }] });
    expect(result.values).toEqual({});
    expect(result.errors).toEqual({
      title: { type: 'rules', message: 'Title is required' },
      rows: [undefined, { grade: { type: 'rules', message: 'Grade is required' } }],
    });
  });
});

describe('flatErrors', () => {
  it('gives each nested message by its path, a list’s own and its rows’ alike', async () => {
    const { errors } = await resolve({ title: '', rows: [{ grade: 'A' }, { grade: '' }] });
    expect(flatErrors(errors)).toEqual({ title: 'Title is required', 'rows.1.grade': 'Grade is required' });
    expect(flatErrors({ subjects: [undefined, { type: 'rules', message: 'Half a row' }] } as never)).toEqual({ 'subjects.1': 'Half a row' });
    expect(flatErrors({ subjects: { type: 'rules', message: 'None' } })).toEqual({ subjects: 'None' });
  });
});
