import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, stubApi } from '../../../test/fetch';
import { renderApp } from '../../../test/render';
import { signInAdmin } from '../test-fixtures';

beforeEach(() => signInAdmin());

const context = {
  conversationId: 'c1',
  studentId: 's1',
  tutorId: 't1',
  student: { _id: 's1', name: 'Sam Student', email: 'sam@example.com', banned: false },
  tutor: { _id: 't1', name: 'Tia Tutor', email: 'tia@example.com', banned: false },
  excerpt: [{ _id: 'm1', content: 'Call me on [removed]', senderRole: 'tutor' as const }],
  resolution: null,
};

describe('Content & safeguarding', () => {
  it('lists reports with the excerpt and the two people, and resolves one', { timeout: 20_000 }, async () => {
    const { calls } = stubApi({
      'GET /api/admin/chat/moderation': () =>
        jsonResponse(200, {
          flaggedMessages: [{ _id: 'm1', content: 'Call me on [removed]', masked: ['phone' as const], timestamp: '2026-03-01T10:00:00.000Z', context }],
          reports: [{ _id: 'r1', reason: 'Asked for my number', createdAt: '2026-03-02T10:00:00.000Z', context }],
          blocks: [],
        }),
      'POST /api/admin/chat/moderation/resolve': () => jsonResponse(200, { message: 'Resolved', resolution: { action: 'warn' } }),
    });
    const user = userEvent.setup();
    renderApp('/admin/content');

    const report = await screen.findByRole('group', { name: 'Report' });
    expect(within(report).getByText('Reason: Asked for my number')).toBeInTheDocument();
    expect(within(report).getByText('Call me on [removed]')).toBeInTheDocument();
    expect(within(report).getByRole('button', { name: /Student: Sam Student/ })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Masked contact details' })).toBeInTheDocument();
    expect(screen.getByText('Masked a phone number: “Call me on [removed]”')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Job queues (Bull Board)' })).toHaveAttribute('href', '/api/admin/queues');

    await user.selectOptions(within(report).getByLabelText('Resolution'), 'Warn by email');
    await user.selectOptions(within(report).getByLabelText('Who'), 'Tia Tutor');
    await user.type(within(report).getByLabelText('Note'), 'Keep contact on the platform');
    await user.click(within(report).getByRole('button', { name: 'Resolve' }));
    await waitFor(() =>
      expect(calls.find((c) => c.key === 'POST /api/admin/chat/moderation/resolve')?.body).toEqual({ kind: 'report', id: 'r1', action: 'warn', userId: 't1', note: 'Keep contact on the platform' }),
    );
  });

  it('says when there is nothing to review', async () => {
    stubApi({ 'GET /api/admin/chat/moderation': () => jsonResponse(200, { flaggedMessages: [], reports: [], blocks: [] }) });
    renderApp('/admin/content');
    expect(await screen.findByText('Nothing to review.')).toBeInTheDocument();
  });
});
