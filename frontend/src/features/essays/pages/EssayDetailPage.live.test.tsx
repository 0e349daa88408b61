// The essay page follows the tutor's moves live: an `essayChanged` on the session's socket makes it read
// the essay again, so its status and actions change without a reload.
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { chatSocket } from '../../../test/chat-socket-double';
import { installPointerEvent, jsonResponse, onlyFor, stubApi } from '../../../test/fetch';
import { renderApp } from '../../../test/render';
import type { Essay } from '../essay-rules';
import { essayIn, signInStudent } from '../test-support';

beforeEach(() => {
  installPointerEvent();
  signInStudent();
});

const field = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

describe('EssayDetailPage, live', () => {
  it('shows the new status and actions when the tutor marks the essay, without a reload', async () => {
    const paid = essayIn.paid({ title: 'Live essay' });
    // The server's side: the essay as it is now (the tutor marks it during the test).
    let current: Essay = paid;
    const { calls } = stubApi({
      'GET /api/student/essay/{id}': onlyFor({ id: paid._id }, () => jsonResponse(200, { essay: current })),
      'GET /api/notifications': () => jsonResponse(200, { notifications: [], unreadCount: 0, hasMore: false }),
    });
    renderApp(`/student/essay/${paid._id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Live essay' })).toBeInTheDocument();
    expect(field('Status')).toHaveTextContent('Under Review');
    expect(screen.queryByRole('button', { name: 'Accept Feedback' })).not.toBeInTheDocument();
    const socket = await chatSocket();
    socket.serverAccepts();

    current = essayIn.completed({ _id: paid._id, title: 'Live essay', score: 8 });
    const reads = () => calls.filter((c) => c.key === `GET /api/student/essay/${paid._id}`).length;
    const before = reads();
    socket.serverEmits('essayChanged', { essayId: paid._id, reason: 'essay.completed' });

    await waitFor(() => expect(field('Status')).toHaveTextContent('Reviewed'));
    expect(reads()).toBe(before + 1);
    expect(screen.getByLabelText('Score: 8 out of 10')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept Feedback' })).toBeInTheDocument();
  });
});
