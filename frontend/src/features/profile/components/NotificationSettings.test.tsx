import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { installPointerEvent, jsonResponse, stubApi } from '../../../test/fetch';
import { renderApp } from '../../../test/render';

beforeEach(() => installPointerEvent());

const SWITCHABLE = ['essay_accepted', 'feedback_ready', 'revision_delivered', 'essay_returned', 'chat_message'] as const;

describe('NotificationSettings (profile)', () => {
  it('switches a kind off and on; money and deadline notices are always on and cannot be switched', async () => {
    let muted: string[] = [];
    const { calls } = stubApi({
      'GET /api/student/profile': () => jsonResponse(200, { student: { userId: { name: 'Sam Student', email: 'sam@example.com' } } }),
      'GET /api/notifications/preferences': () => jsonResponse(200, { muted: [], switchable: [...SWITCHABLE] }),
      'PUT /api/notifications/preferences': (body) => {
        muted = [...body.muted];
        return jsonResponse(200, { muted: body.muted, switchable: [...SWITCHABLE] });
      },
    });
    localStorage.setItem('token', 't');
    localStorage.setItem('user', JSON.stringify({ _id: 's1', role: 'student', name: 'Sam Student', email: 'sam@example.com' }));
    const user = userEvent.setup();
    renderApp('/student/profile');

    const accepted = await screen.findByRole('checkbox', { name: 'A tutor accepted my essay' });
    await waitFor(() => expect(accepted).toBeEnabled());
    expect(accepted).toBeChecked();
    const payment = screen.getByRole('checkbox', { name: 'The word count is agreed: payment is due (always sent: it is about money or a deadline)' });
    expect(payment).toBeChecked();
    expect(payment).toBeDisabled();
    // The tutor's kinds are not the student's business.
    expect(screen.queryByRole('checkbox', { name: /marking is due/ })).not.toBeInTheDocument();

    await user.click(accepted);
    await waitFor(() => expect(muted).toEqual(['essay_accepted']));
    expect(accepted).not.toBeChecked();
    await user.click(accepted);
    await waitFor(() => expect(muted).toEqual([]));
    expect(calls.filter((c) => c.key === 'PUT /api/notifications/preferences')).toHaveLength(2);
  });
});
