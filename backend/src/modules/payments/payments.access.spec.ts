import { describe, expect, it } from '@jest/globals';
import { canPay, canReadCheckout, canReadPayout, canRequestPayout } from './payments.access.js';

const STUDENT = { id: 'student' };
const TUTOR = { id: 'tutor' };
const item = { studentId: STUDENT.id, tutorId: TUTOR.id as string | null };
type Item = typeof item;
type Row = { payerId: string | null; payerType: 'student' | 'platform'; recipientId: string | null };

describe('paying for an item and being paid for it', () => {
  it.each<[string, (user: { id: string }, row: Item | undefined) => boolean, { id: string }, Item | undefined, boolean]>([
    ['its student pays', canPay, STUDENT, item, true],
    ['another student pays', canPay, { id: 'other' }, item, false],
    ['its tutor pays (a tutor never pays a student’s item)', canPay, TUTOR, item, false],
    ['a missing item is paid', canPay, STUDENT, undefined, false],
    ['its tutor asks for the payout', canRequestPayout, TUTOR, item, true],
    ['another tutor asks for it', canRequestPayout, { id: 'other' }, item, false],
    ['its student asks for it', canRequestPayout, STUDENT, item, false],
    ['nobody holds it yet', canRequestPayout, TUTOR, { ...item, tutorId: null }, false],
    ['a missing item is paid out', canRequestPayout, TUTOR, undefined, false],
  ])('%s: %s', (_name, policy, user, row, want) => {
    expect(policy(user, row)).toBe(want);
  });
});

describe('reading a ledger row', () => {
  const charge: Row = { payerId: STUDENT.id, payerType: 'student', recipientId: null };
  const payout: Row = { payerId: null, payerType: 'platform', recipientId: TUTOR.id };
  it.each<[string, (user: { id: string }, row: Row | undefined) => boolean, { id: string }, Row | undefined, boolean]>([
    ['the student reads their checkout', canReadCheckout, STUDENT, charge, true],
    ["another student reads it", canReadCheckout, { id: 'other' }, charge, false],
    ['the student reads a payout (no payer: never theirs)', canReadCheckout, STUDENT, payout, false],
    ['nothing by that session id', canReadCheckout, STUDENT, undefined, false],
    ['the tutor reads their payout', canReadPayout, TUTOR, payout, true],
    ['another tutor reads it', canReadPayout, { id: 'other' }, payout, false],
    ["a tutor reads a student's charge", canReadPayout, TUTOR, { ...charge, recipientId: TUTOR.id }, false],
    ['nothing by that id', canReadPayout, TUTOR, undefined, false],
  ])('%s: %s', (_name, policy, user, row, want) => {
    expect(policy(user, row)).toBe(want);
  });
});
