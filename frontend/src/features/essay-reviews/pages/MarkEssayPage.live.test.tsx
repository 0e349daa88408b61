// The marking page follows the student's moves live: while the tutor waits for the payment, an
// `essayChanged` on the session's socket makes it read the essay again, and the feedback form appears.
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { chatSocket } from '../../../test/chat-socket-double';
import { installPointerEvent, jsonResponse, stubApi } from '../../../test/fetch';
import { renderApp } from '../../../test/render';
import { essay, signInTutor } from '../test-fixtures';

beforeEach(() => {
  installPointerEvent();
  signInTutor();
});

describe('marking page, live', { timeout: 30_000 }, () => {
  it('shows the feedback form once the student pays, without a reload', async () => {
    const held = essay({ _id: 'e1', state: 'accepted', status: 'In Progress', accepted: true, fileUrl: 'https://files.example/e1.pdf' });
    let current = held;
    stubApi({ 'POST /api/tutor/getEssay': () => jsonResponse(200, { essay: current }) });
    renderApp('/tutor/essay-feedback/e1');
    expect(await screen.findByText(/You can mark this essay once the student has paid for it/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit Feedback' })).not.toBeInTheDocument();
    const socket = await chatSocket();
    socket.serverAccepts();

    current = { ...held, state: 'paid', paymentStatus: 'Paid', paid_time: '2026-03-10T10:00:00.000Z', markingDueAt: '2026-03-12T10:00:00.000Z' };
    socket.serverEmits('essayChanged', { essayId: 'e1', reason: 'essay.paid' });

    expect(await screen.findByRole('button', { name: 'Submit Feedback' })).toBeInTheDocument();
    expect(screen.queryByText(/You can mark this essay once the student has paid for it/)).not.toBeInTheDocument();
  });
});
