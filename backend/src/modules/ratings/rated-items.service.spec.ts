import { describe, expect, it } from '@jest/globals';
import type { AuthenticatedUser } from '../../common/guards/authenticated-user.js';
import { RatedItems, type RatedItemKind, type RatingRequest } from './rated-items.service.js';

const student = { id: 's1', role: 'student' } as AuthenticatedUser;

function kind(type: RatedItemKind['type'], answer: object) {
  const calls: RatingRequest[] = [];
  const registered: RatedItemKind = { type, rate: async (_student, request) => (calls.push(request), answer) };
  return { registered, calls };
}

describe('RatedItems', () => {
  it('routes a rating to the kind registered for its type, and only to it', async () => {
    const items = new RatedItems();
    const essays = kind('essay', { essay: { id: 'e1' } });
    const sessions = kind('session', { tutoringSession: { id: 'ts1' } });
    items.register(essays.registered);
    items.register(sessions.registered);
    expect(await items.rate('session', student, { itemId: 'ts1', rating: 4 })).toEqual({ tutoringSession: { id: 'ts1' } });
    expect(sessions.calls).toEqual([{ itemId: 'ts1', rating: 4 }]);
    expect(essays.calls).toEqual([]);
  });

  it('refuses a second owner for one type', () => {
    const items = new RatedItems();
    items.register(kind('essay', {}).registered);
    expect(() => items.register(kind('essay', {}).registered)).toThrow('registered twice');
  });

  it('answers 404 for a type no module registered', async () => {
    await expect(new RatedItems().rate('essay', student, { itemId: 'e1', rating: 5 })).rejects.toMatchObject({ status: 404 });
  });
});
