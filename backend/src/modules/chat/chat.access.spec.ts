import { describe, expect, it } from '@jest/globals';
import { canJoinRoom, canMarkRead, canReadConversation, canSendMessage, writesOnlyAboutHeldEssays } from './chat.access.js';
import type { ChatSide } from './chat.repository.js';

/** A conversation as the caller sees it (ChatContactsReadModel.findThread): active with an essay or session behind it, unblocked. */
function thread(side: ChatSide, extra: { active?: boolean; blocked?: boolean; tutorHasDbs?: boolean } = {}) {
  return { side, active: extra.active ?? true, tutorHasDbs: extra.tutorHasDbs ?? true, conversation: { blockedAt: extra.blocked ? new Date('2026-11-20T10:00:00Z') : null } };
}

describe('joining a socket room', () => {
  it.each([
    ['their own id', 'me', true],
    ["someone else's id", 'them', false],
    ['no id', undefined, false],
    ['an object naming their id (the client passes { userId })', { userId: 'me' }, false],
  ])('with %s: %s', (_name, room, want) => {
    expect(canJoinRoom({ id: 'me' }, room)).toBe(want);
  });
});

describe('reading a thread from one side of the routes', () => {
  it.each([
    ['the student route, the caller is its student', 'student', thread('student'), true],
    ['the tutor route, the caller is its tutor', 'tutor', thread('tutor'), true],
    ['the student route, the caller is its tutor', 'student', thread('tutor'), false],
    ['the tutor route, the caller is its student', 'tutor', thread('student'), false],
    ['an ended conversation (no essay or session left)', 'student', thread('student', { active: false }), true],
    ['a blocked conversation (the student may still unblock it)', 'student', thread('student', { blocked: true }), true],
    ['never contacts', 'student', undefined, false],
  ] as const)('%s: %s', (_name, side, view, want) => {
    expect(canReadConversation(side, view)).toBe(want);
  });
});

describe('marking a thread read', () => {
  it.each([
    ['an active conversation', thread('tutor'), true],
    ['an ended one', thread('student', { active: false }), true],
    ['never contacts', undefined, false],
  ] as const)('%s: %s', (_name, view, want) => {
    expect(canMarkRead(view)).toBe(want);
  });
});

describe('sending a message', () => {
  it.each([
    ['a student, active thread', thread('student'), false, 'allowed'],
    ['a tutor with DBS, no essay named', thread('tutor'), false, 'allowed'],
    ['a tutor without DBS, about an essay of the thread', thread('tutor', { tutorHasDbs: false }), true, 'allowed'],
    ['a tutor without DBS, about nothing (or another essay)', thread('tutor', { tutorHasDbs: false }), false, 'dbs-required'],
    ['a student whose tutor has no DBS (the rule binds the tutor only)', thread('student', { tutorHasDbs: false }), false, 'allowed'],
    ['a blocked conversation', thread('tutor', { blocked: true }), true, 'blocked'],
    ['a blocked conversation, from the student who blocked it', thread('student', { blocked: true }), false, 'blocked'],
    ['an ended conversation', thread('student', { active: false }), false, 'not-a-contact'],
    ['an ended and blocked one (not a contact comes first)', thread('tutor', { active: false, blocked: true }), true, 'not-a-contact'],
    ['never contacts', undefined, false, 'not-a-contact'],
  ] as const)('%s: %s', (_name, view, aboutHeldEssay, want) => {
    expect(canSendMessage(view, aboutHeldEssay)).toBe(want);
  });

  // An essay that left the thread (back in the pool, cancelled, refunded) takes no more messages.
  it.each([
    ['a student naming a closed essay', thread('student'), 'essay-closed'],
    ['a tutor with DBS naming a closed essay', thread('tutor'), 'essay-closed'],
    ['a tutor without DBS naming a closed essay (the DBS rule answers first)', thread('tutor', { tutorHasDbs: false }), 'dbs-required'],
    ['an ended conversation naming a closed essay', thread('student', { active: false }), 'not-a-contact'],
  ] as const)('%s: %s', (_name, view, want) => {
    expect(canSendMessage(view, false, true)).toBe(want);
  });

  it.each([
    ['a tutor without DBS', thread('tutor', { tutorHasDbs: false }), true],
    ['a tutor with DBS', thread('tutor'), false],
    ['a student', thread('student', { tutorHasDbs: false }), false],
  ] as const)('asks which essay it is about for %s: %s', (_name, view, want) => {
    expect(writesOnlyAboutHeldEssays(view)).toBe(want);
  });
});
