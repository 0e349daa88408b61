import { describe, expect, it } from '@jest/globals';
import { canPay, canReadCheckout, canReadPayout, canRequestPayout } from './payments.access.js';

const STUDENT = { id: 'student' };
const TUTOR = { id: 'tutor' };
const item = { studentId: STUDENT.id, tutorId: TUTOR.id as string | null };

describe('paying for an item and being paid for it', () => {
  it.each([
    ['its student pays', canPay, STUDENT, item, true],
    ['another student pays', canPay, { id: 'other' }, item, false],
    ['its tutor pays (a tutor never pays a student’s item)', canPay, TUTOR, item, false],
    ['a missing item is paid', canPay, STUDENT, undefined, false],
    ['its tutor asks for the payout', canRequestPayout, TUTOR, item, true],
    ['another tutor asks for it', canRequestPayout, { id: 'other' }, item, false],
    ['its student asks for it', canRequestPayout, STUDENT, item, false],
    ['nobody holds it yet', canRequestPayout, TUTOR, { ...item, tutorId: null }, false],
    ['a missing item is paid out', canRequestPayout, TUTOR, undefined, false],
  ] as const)('%s: %s', (_name, policy, user, row, want) => {
    expect(policy(user, row)).toBe(want);
  });
});

describe('reading a ledger row', () => {
  const charge = { payerId: STUDENT.id, payerType: 'student', recipientId: null } as const;
  const payout = { payerId: null, payerType: 'platform', recipientId: TUTOR.id } as const;
  it.each([
    ['the student reads their checkout', canReadCheckout, STUDENT, charge, true],
    ["another student reads it", canReadCheckout, { id: 'other' }, charge, false],
    ['the student reads a payout (no payer: never theirs)', canReadCheckout, STUDENT, payout, false],
    ['nothing by that session id', canReadCheckout, STUDENT, undefined, false],
    ['the tutor reads their payout', canReadPayout, TUTOR, payout, true],
    ['another tutor reads it', canReadPayout, { id: 'other' }, payout, false],
    ["a tutor reads a student's charge", canReadPayout, TUTOR, { ...charge, recipientId: TUTOR.id }, false],
    ['nothing by that id', canReadPayout, TUTOR, undefined, false],
  ] as const)('%s: %s', (_name, policy, user, row, want) => {
    expect(policy(user, row)).toBe(want);
  });
});
