import { describe, expect, it } from '@jest/globals';
import { canReadNotification } from './notifications.access.js';

describe('notifications access', () => {
  const owner = { id: 'u1' };
  const other = { id: 'u2' };
  const notice = { userId: 'u1' };
  it.each([
    ['its recipient', owner, notice, true],
    ['someone else', other, notice, false],
    ['anyone, for a notice that does not exist', owner, undefined, false],
  ])('%s: %s', (_who, user, row, allowed) => {
    expect(canReadNotification(user, row)).toBe(allowed);
  });
});
