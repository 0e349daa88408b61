import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, stubApi } from '../../test/fetch';
import { findStudentId } from './queries';
import { STUDENT_ID, contact } from './test-fixtures';

beforeEach(() => localStorage.setItem('token', 't'));

const thread = (essayIds: (string | null)[]) =>
  jsonResponse(200, { messages: essayIds.map((essayId, i) => ({ _id: `m${i}`, sender: 's', recipient: 't', senderModel: 'Student', senderRole: 'student', content: 'x', timestamp: '2026-03-10T12:00:00.000Z', essayId, masked: [] })), hasMore: false });

describe("the essay's student among the tutor's contacts", () => {
  it('is the one contact of that name', async () => {
    stubApi({ 'GET /api/tutor/getAllContactsForTutor': () => jsonResponse(200, { students: [contact({ _id: 'a', name: 'Ann' }), contact()] }) });
    expect(await findStudentId({ _id: 'e1', studentName: 'Sally Student' })).toBe(STUDENT_ID);
  });

  it('with two of that name, the one whose thread is about the essay; none when neither is', async () => {
    const twin = contact({ _id: 'twin' });
    stubApi({
      'GET /api/tutor/getAllContactsForTutor': () => jsonResponse(200, { students: [twin, contact()] }),
      'GET /api/tutor/messages/twin': () => thread(['other-essay', null]),
      [`GET /api/tutor/messages/${STUDENT_ID}`]: () => thread([null, 'e1']),
    });
    expect(await findStudentId({ _id: 'e1', studentName: 'Sally Student' })).toBe(STUDENT_ID);
    expect(await findStudentId({ _id: 'e9', studentName: 'Sally Student' })).toBeNull();
  });

  it('is unknown when no contact has the name', async () => {
    stubApi({ 'GET /api/tutor/getAllContactsForTutor': () => jsonResponse(200, { students: [] }) });
    expect(await findStudentId({ _id: 'e1', studentName: 'Sally Student' })).toBeNull();
  });
});
