import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installPointerEvent, jsonResponse, stubApi, type StubAnswer } from '../../../test/fetch';
import { renderApp } from '../../../test/render';
import { browser } from '../queries';
import { makeSession, signInAs } from '../test-fixtures';

beforeEach(() => {
  installPointerEvent();
  signInAs('tutor');
});
afterEach(() => vi.restoreAllMocks());

const sessions = (list: ReturnType<typeof makeSession>[]) => () => jsonResponse(200, { sessions: list });
const section = (name: string) => screen.getByRole('region', { name });

describe('Tutor session management', { timeout: 30_000 }, () => {
  const active = makeSession({
    _id: 'a',
    purpose: 'Live interview',
    startsIn: -5,
  });
  const upcoming = makeSession({
    _id: 'u',
    purpose: 'Essay planning',
    startsIn: 120,
  });
  const payable = makeSession({
    _id: 'p',
    purpose: 'Personal statement',
    startsIn: -4000,
    canGetPaid: true,
  });
  const paidOut = makeSession({
    _id: 'o',
    purpose: 'Paid out already',
    startsIn: -5000,
    tutor_paid: true,
  });

  function stubLists() {
    return stubApi({
      'GET /api/tutor/getPendingTutoringSessions': sessions([upcoming]),
      'GET /api/tutor/getInProgressTutoringSessions': sessions([active]),
      'GET /api/tutor/getCompletedTutoringSessions': sessions([payable, paidOut]),
      'POST /api/tutor/getPaidTutoringSessions': () =>
        jsonResponse(200, {
          paymentUrl: '/tutor/payment-success?payout_id=po_1',
        }),
    });
  }

  it('says Loading your sessions... while a list is on its way', async () => {
    stubApi({
      'GET /api/tutor/getPendingTutoringSessions': () => new Promise<never>(() => {}),
      'GET /api/tutor/getInProgressTutoringSessions': sessions([]),
      'GET /api/tutor/getCompletedTutoringSessions': sessions([]),
    });
    renderApp('/tutor/interviews');
    expect(await screen.findByText('Loading your sessions...')).toBeInTheDocument();
  });

  it('groups the sessions into Active, Upcoming and Completed by the clock', async () => {
    stubLists();
    renderApp('/tutor/interviews');
    await screen.findByRole('region', { name: 'Active Sessions' });
    expect(
      within(section('Active Sessions')).getByRole('article', {
        name: 'Live interview',
      }),
    ).toBeInTheDocument();
    expect(
      within(section('Upcoming Sessions')).getByRole('article', {
        name: 'Essay planning',
      }),
    ).toBeInTheDocument();
    expect(
      within(section('Completed Sessions'))
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['Personal statement', 'Paid out already']);
  });

  it('filters by section and searches the purpose', async () => {
    stubLists();
    renderApp('/tutor/interviews');
    await screen.findByRole('region', { name: 'Active Sessions' });
    await userEvent.selectOptions(screen.getByLabelText('Show'), 'upcoming');
    expect(screen.queryByRole('region', { name: 'Active Sessions' })).not.toBeInTheDocument();
    expect(section('Upcoming Sessions')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Show'), 'all');
    await userEvent.type(screen.getByLabelText('Search by purpose'), 'PERSONAL');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Live interview' })).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'Personal statement' })).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Search by purpose'));
    await userEvent.type(screen.getByLabelText('Search by purpose'), 'nothing like this');
    expect(await screen.findByText('No sessions found')).toBeInTheDocument();
  });

  it('offers Get Paid only on a completed, paid session not paid out, and goes to the payout page', async () => {
    const { calls } = stubLists();
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    renderApp('/tutor/interviews');
    const completed = await screen.findByRole('region', {
      name: 'Completed Sessions',
    });
    expect(within(completed).getAllByRole('button', { name: 'Get Paid' })).toHaveLength(1);
    expect(
      within(section('Active Sessions')).queryByRole('button', {
        name: 'Get Paid',
      }),
    ).not.toBeInTheDocument();
    await userEvent.click(within(within(completed).getByRole('article', { name: 'Personal statement' })).getByRole('button', { name: 'Get Paid' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/tutor/payment-success?payout_id=po_1'));
    expect(calls.find((c) => c.key === 'POST /api/tutor/getPaidTutoringSessions')!.body).toEqual({ tutoringSessionID: 'p' });
  });

  it("a failed Get Paid says Failed to generate payment link, with a refusal's reason under it, never a 5xx's text", async () => {
    let answer: StubAnswer<'POST /api/tutor/getPaidTutoringSessions'> = jsonResponse(500, { message: 'Internal server error' });
    stubApi({
      'GET /api/tutor/getPendingTutoringSessions': sessions([]),
      'GET /api/tutor/getInProgressTutoringSessions': sessions([]),
      'GET /api/tutor/getCompletedTutoringSessions': sessions([payable]),
      'POST /api/tutor/getPaidTutoringSessions': () => answer,
    });
    renderApp('/tutor/interviews');
    const completed = await screen.findByRole('region', { name: 'Completed Sessions' });
    await userEvent.click(await within(completed).findByRole('button', { name: 'Get Paid' }));
    expect(await screen.findByText('Failed to generate payment link')).toBeInTheDocument();
    expect(screen.queryByText(/Internal server error/)).not.toBeInTheDocument();
    answer = jsonResponse(422, { message: 'This session is not eligible for a payout yet', code: 'PAYOUT_NOT_ELIGIBLE' });
    await userEvent.click(within(completed).getByRole('button', { name: 'Get Paid' }));
    expect(await screen.findByText('This session is not eligible for a payout yet')).toBeInTheDocument();
  });

  it('Get Paid states what the tutor earns for the session', async () => {
    stubApi({
      'GET /api/tutor/getPendingTutoringSessions': sessions([]),
      'GET /api/tutor/getInProgressTutoringSessions': sessions([]),
      'GET /api/tutor/getCompletedTutoringSessions': sessions([{ ...payable, tutorEarningsPence: 2800, tutorEarnings: 28 }]),
    });
    renderApp('/tutor/interviews');
    const completed = await screen.findByRole('region', { name: 'Completed Sessions' });
    expect(await within(completed).findByRole('button', { name: 'Get Paid £28.00' })).toBeInTheDocument();
  });

  it('shows the error line when a list fails', async () => {
    stubApi({
      'GET /api/tutor/getPendingTutoringSessions': sessions([]),
      'GET /api/tutor/getInProgressTutoringSessions': () => jsonResponse(500, { message: 'Lists unavailable' }),
      'GET /api/tutor/getCompletedTutoringSessions': sessions([]),
    });
    renderApp('/tutor/interviews');
    expect(await screen.findByText('Error: Lists unavailable')).toBeInTheDocument();
  });
});
