/** Essays and helpers for this feature's tests (imported by *.test.tsx only). */
import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type { TutorEssay } from './rules';

export const STUDENT_ID = '7d1c2a3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

/** A chat contact (`GET /tutor/getAllContactsForTutor`). */
export const contact = (over: { _id?: string; name?: string } = {}) => ({
  _id: STUDENT_ID,
  name: 'Sally Student',
  profilePicture: null,
  lastMessage: null,
  unreadCount: 0,
  online: false,
  blocked: false,
  ...over,
});

export function essay(over: Partial<TutorEssay> = {}): TutorEssay {
  return {
    _id: 'e1',
    title: 'The causes of the First World War',
    subject: 'History',
    academicLevel: 'A-Level',
    qualification: 'A-Level',
    wordCount: 1500,
    originalWordCount: 1500,
    minWordCount: 1350,
    maxWordCount: 1650,
    price: 19.9, pricePence: 1990, wordCountToBeAgreed: false, wordCountEstimated: false, priceConfirmationNeeded: false,
    modelAnswerSurcharge: 0, modelAnswerSurchargePence: 0, expeditedSurcharge: 0, expeditedSurchargePence: 0, preview: null,
    studentRequest: 'Feedback Only',
    requestType: 'feedback-only',
    expedited: false,
    notes: 'Please focus on structure.',
    comments: 'Please focus on structure.',
    status: 'Pending',
    state: 'open',
    accepted: false,
    paymentStatus: 'Pending',
    paid_time: null,
    student_accept: false,
    tutor_paid: false,
    fileUrl: null,
    markingScheme: null,
    modelURL: null,
    score: null,
    feedback: null,
    acceptedAt: null,
    completedAt: null,
    overdue: false,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    rated: false,
    studentRating: null,
    markingDueAt: null,
    revisionRequestedAt: null,
    revisionAvailableUntil: null,
    discussionEndsAt: null,
    payoutAvailableAt: null,
    refundableUntil: null,
    tutorConfirmed: false,
    tutorName: null,
    studentName: 'Sally Student',
    studentId: STUDENT_ID,
    ...over,
  };
}

export function signInTutor() {
  localStorage.setItem('token', 't');
  localStorage.setItem('user', JSON.stringify({ _id: 'tutor-1', role: 'tutor', name: 'Theo', email: 'theo@example.com', onboardingCompleted: true }));
  localStorage.setItem('currentRole', 'tutor');
}

/** The URLs fetch was called with for `path` (stubApi keys drop the query string). */
export function requestedUrls(fetchMock: { mock: { calls: unknown[][] } }, path: string): URL[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : (input as Request).url, 'http://localhost'))
    .filter((url) => url.pathname === path);
}

/**
 * Stands in for the upload's XMLHttpRequest (apiUpload): records each FormData, then lets the test report
 * progress and answer. `respond` answers the latest request.
 */
export function stubUploads() {
  const sent: FormData[] = [];
  const requests: XMLHttpRequest[] = [];
  vi.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(function (this: XMLHttpRequest, body) {
    sent.push(body as FormData);
    requests.push(this);
  });
  const latest = () => requests[requests.length - 1]!;
  return {
    sent,
    progress(percent: number) {
      act(() => {
        latest().upload.dispatchEvent(new ProgressEvent('progress', { lengthComputable: true, loaded: percent, total: 100 }));
      });
    },
    respond(status: number, body: unknown) {
      const xhr = latest();
      Object.defineProperty(xhr, 'status', { value: status });
      Object.defineProperty(xhr, 'responseText', { value: JSON.stringify(body) });
      xhr.getResponseHeader = () => 'application/json';
      act(() => {
        xhr.dispatchEvent(new ProgressEvent('load'));
      });
    },
  };
}
