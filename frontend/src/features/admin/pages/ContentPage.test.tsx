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

const pagination = (currentPage: number, totalPayments: number) => {
  const totalPages = Math.max(1, Math.ceil(totalPayments / 20));
  return { currentPage, totalPages, totalPayments, hasPrev: currentPage > 1, hasNext: currentPage < totalPages };
};

/** The table row an item is in (found by a text of its own). */
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

describe('Content & safeguarding', () => {
  it('lists reports with the excerpt and the two people, and resolves one', { timeout: 20_000 }, async () => {
    const { calls } = stubApi({
      'GET /api/admin/chat/moderation': () =>
        jsonResponse(200, {
          flaggedMessages: [{ _id: 'm1', content: 'Call me on [removed]', masked: ['phone' as const], timestamp: '2026-03-01T10:00:00.000Z', context }],
          reports: [{ _id: 'r1', reason: 'Asked for my number', createdAt: '2026-03-02T10:00:00.000Z', context }],
          blocks: [],
          order: [
            { kind: 'message', _id: 'm1' },
            { kind: 'report', _id: 'r1' },
          ],
          pagination: pagination(1, 2),
        }),
      'POST /api/admin/chat/moderation/resolve': () => jsonResponse(200, { message: 'Resolved', resolution: { action: 'warn' } }),
    });
    const user = userEvent.setup();
    renderApp('/admin/content');

    const report = await rowOf('Reason: Asked for my number');
    expect(within(report).getByText('Call me on [removed]')).toBeInTheDocument();
    expect(within(report).getByRole('button', { name: /Student: Sam Student/ })).toBeInTheDocument();
    expect(within(report).getByRole('group', { name: 'Resolve: Report' })).toBeInTheDocument();
    const flagged = await rowOf('Masked a phone number: “Call me on [removed]”');
    expect(within(flagged).getByText('Masked contact details')).toBeInTheDocument();
    // In the server's order (oldest unresolved first): the flagged message, then the report.
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows).toEqual([flagged, report]);
    expect(screen.getByRole('link', { name: 'Job queues (Bull Board)' })).toHaveAttribute('href', '/api/admin/queues');

    await user.selectOptions(within(report).getByLabelText('Resolution'), 'Warn by email');
    await user.selectOptions(within(report).getByLabelText('Who'), 'Tia Tutor');
    await user.type(within(report).getByLabelText('Note'), 'Keep contact on the platform');
    await user.click(within(report).getByRole('button', { name: 'Resolve' }));
    await waitFor(() =>
      expect(calls.find((c) => c.key === 'POST /api/admin/chat/moderation/resolve')?.body).toEqual({ kind: 'report', id: 'r1', action: 'warn', userId: 't1', note: 'Keep contact on the platform' }),
    );
  });

  it('lists a text masked outside chat with where it was written, its original and its people, and resolves it', { timeout: 20_000 }, async () => {
    const { calls } = stubApi({
      'GET /api/admin/chat/moderation': () =>
        jsonResponse(200, {
          flaggedMessages: [],
          reports: [],
          blocks: [],
          flaggedTexts: [
            {
              _id: 'f1',
              source: { kind: 'essay_feedback' as const, id: 'e1' },
              authorId: 't1',
              readerId: 's1',
              author: context.tutor,
              reader: context.student,
              content: 'Good work. WhatsApp [hidden]',
              original: 'Good work. WhatsApp 07700 900123',
              masked: ['phone' as const],
              createdAt: '2026-03-03T10:00:00.000Z',
              resolution: null,
            },
          ],
          order: [{ kind: 'text', _id: 'f1' }],
          pagination: pagination(1, 1),
        }),
      'POST /api/admin/chat/moderation/resolve': () => jsonResponse(200, { message: 'Resolved', resolution: { action: 'warn' } }),
    });
    const user = userEvent.setup();
    renderApp('/admin/content');

    const item = await rowOf('Masked a phone number: “Good work. WhatsApp [hidden]”');
    expect(within(item).getByText('As written: “Good work. WhatsApp 07700 900123”')).toBeInTheDocument();
    expect(within(item).getByText('Essay feedback, written for the student')).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: /Tutor: Tia Tutor/ })).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: /Student: Sam Student/ })).toBeInTheDocument();

    await user.selectOptions(within(item).getByLabelText('Resolution'), 'Warn by email');
    await user.selectOptions(within(item).getByLabelText('Who'), 'Tia Tutor');
    await user.click(within(item).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(calls.find((c) => c.key === 'POST /api/admin/chat/moderation/resolve')?.body).toEqual({ kind: 'text', id: 'f1', action: 'warn', userId: 't1' }));
  });

  it('says when there is nothing to review', async () => {
    stubApi({ 'GET /api/admin/chat/moderation': () => jsonResponse(200, { flaggedMessages: [], reports: [], blocks: [], order: [], pagination: pagination(1, 0) }) });
    renderApp('/admin/content');
    expect(await screen.findByText('Nothing to review.')).toBeInTheDocument();
  });

  it('pages through the queue with Previous and Next, a page from the server at a time, instead of one long list', { timeout: 20_000 }, async () => {
    const report = (n: number) => ({ _id: `r${n}`, reason: `Reason number ${n}`, createdAt: '2026-03-02T10:00:00.000Z', context });
    const { calls } = stubApi({
      'GET /api/admin/chat/moderation': () => {
        const page = Number(new URL(calls.at(-1)!.url, 'http://app').searchParams.get('page'));
        const reports = page === 1 ? Array.from({ length: 20 }, (_, i) => report(i + 1)) : [report(21)];
        return jsonResponse(200, { flaggedMessages: [], reports, blocks: [], order: reports.map((r) => ({ kind: 'report' as const, _id: r._id })), pagination: pagination(page, 21) });
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/content');
    expect(await screen.findByText('Reason: Reason number 20')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Reason: Reason number 21')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    const asked = calls.filter((c) => c.key === 'GET /api/admin/chat/moderation').map((c) => new URL(c.url, 'http://app').searchParams.toString());
    expect(asked).toEqual(expect.arrayContaining(['page=1&limit=20', 'page=2&limit=20']));
  });
});
