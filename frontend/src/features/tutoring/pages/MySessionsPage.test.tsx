import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { installPointerEvent, jsonResponse, stubApi } from '../../../test/fetch';
import { renderApp } from '../../../test/render';
import { makeSession, signInAs } from '../test-fixtures';

beforeEach(() => {
  installPointerEvent();
  signInAs('student');
});

const sessions = (list: ReturnType<typeof makeSession>[]) => () => jsonResponse(200, { tutoringSessions: list });

describe('My Sessions', { timeout: 30_000 }, () => {
  it('opens on Upcoming with the spec empty texts for each tab', async () => {
    stubApi({
      'GET /api/student/getTutoringSessions': sessions([]),
      'GET /api/student/getUpcomingTutoringSessions': sessions([]),
    });
    renderApp('/student/interviews');
    expect(await screen.findByText('No upcoming sessions')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Upcoming Sessions' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByRole('tab', { name: 'All Sessions' }));
    expect(await screen.findByText('No sessions found')).toBeInTheDocument();
  });

  it('shows the badges and actions each session calls for by the clock', async () => {
    const soon = makeSession({
      purpose: 'Starts soon',
      startsIn: 20,
      canCancel: false,
    });
    const active = makeSession({
      purpose: 'Happening now',
      startsIn: -10,
      canCancel: false,
    });
    const past = makeSession({
      purpose: 'Past unrated',
      startsIn: -180,
      canCancel: false,
    });
    const rated = makeSession({
      purpose: 'Past rated',
      startsIn: -300,
      rated: true,
      canCancel: false,
    });
    const later = makeSession({ purpose: 'Next week', startsIn: 7 * 24 * 60 });
    stubApi({
      'GET /api/student/getTutoringSessions': sessions([later, soon, active, past, rated]),
      'GET /api/student/getUpcomingTutoringSessions': sessions([soon, later]),
    });
    renderApp('/student/interviews');
    await userEvent.click(await screen.findByRole('tab', { name: 'All Sessions' }));
    const card = async (name: string) => screen.findByRole('article', { name });

    expect(within(await card('Starts soon')).getByText('Starts in 20m')).toBeInTheDocument();
    expect(
      within(await card('Starts soon')).queryByRole('link', {
        name: 'Join Meeting',
      }),
    ).not.toBeInTheDocument();
    expect(
      within(await card('Starts soon')).queryByRole('button', {
        name: 'Cancel Session',
      }),
    ).not.toBeInTheDocument();
    expect(within(await card('Happening now')).getByText('Session is active')).toBeInTheDocument();
    expect(
      within(await card('Happening now')).getByRole('link', {
        name: 'Join Meeting',
      }),
    ).toHaveAttribute('href', 'https://meet.example/room-1');
    expect(within(await card('Past unrated')).getByText('Session completed')).toBeInTheDocument();
    expect(
      within(await card('Past unrated')).getByRole('button', {
        name: 'Rate Session',
      }),
    ).toBeInTheDocument();
    expect(
      within(await card('Past rated')).queryByRole('button', {
        name: 'Rate Session',
      }),
    ).not.toBeInTheDocument();
    expect(
      within(await card('Next week')).getByRole('button', {
        name: 'Cancel Session',
      }),
    ).toBeInTheDocument();
    expect(within(await card('Next week')).queryByText(/Starts in/)).not.toBeInTheDocument();
  });

  it('marks the days with sessions, disables past days and lists the chosen day only', async () => {
    const later = makeSession({
      purpose: 'In two days',
      startsIn: 2 * 24 * 60,
    });
    stubApi({
      'GET /api/student/getTutoringSessions': sessions([later]),
      'GET /api/student/getUpcomingTutoringSessions': sessions([later]),
    });
    renderApp('/student/interviews');
    const calendar = await screen.findByRole('group', {
      name: 'Session calendar',
    });
    const day = new Date(later.startTime);
    if (day.getMonth() !== new Date().getMonth()) await userEvent.click(within(calendar).getByRole('button', { name: 'Next month' }));
    const marked = await within(calendar).findByRole('button', {
      name: /has sessions/,
    });
    expect(marked).toHaveTextContent(String(day.getDate()));
    const yesterday = new Date(Date.now() - 86_400_000);
    if (yesterday.getMonth() === day.getMonth()) {
      expect(
        within(calendar).getByRole('button', {
          name: new RegExp(`^${yesterday.toLocaleDateString('en-GB', { weekday: 'long' })} ${yesterday.getDate()} ${yesterday.toLocaleDateString('en-GB', { month: 'long' })}`),
        }),
      ).toBeDisabled();
    }
    await userEvent.click(marked);
    expect(await screen.findByRole('article', { name: 'In two days' })).toBeInTheDocument();
    const other = within(calendar)
      .getAllByRole('button', { pressed: false })
      .find((b) => !b.hasAttribute('disabled') && /^\d+$/.test(b.textContent ?? '') && !b.getAttribute('aria-label')!.includes('has sessions'));
    expect(other).toBeDefined(); // a later day of the shown month without sessions
    await userEvent.click(other!);
    expect(await screen.findByText('No sessions scheduled')).toBeInTheDocument();
  });

  it('cancels a session after the confirm and rates a past one with type session', async () => {
    const later = makeSession({
      _id: 'later-1',
      purpose: 'Next week',
      startsIn: 7 * 24 * 60,
    });
    const past = makeSession({
      _id: 'past-1',
      purpose: 'Past unrated',
      startsIn: -180,
      canCancel: false,
    });
    const { calls } = stubApi({
      'GET /api/student/getTutoringSessions': sessions([later, past]),
      'GET /api/student/getUpcomingTutoringSessions': sessions([later]),
      'POST /api/student/cancelTutoringSession/{id}': () =>
        jsonResponse(200, {
          message: 'Session cancelled. Your payment will be refunded in full.',
          tutoringSession: { ...later, status: 'cancelled' },
        }),
      'POST /api/student/giveRating': () =>
        jsonResponse(200, {
          message: 'Rating submitted successfully!',
          tutoringSession: { ...past, rated: true },
        }),
    });
    renderApp('/student/interviews');
    await userEvent.click(within(await screen.findByRole('article', { name: 'Next week' })).getByRole('button', { name: 'Cancel Session' }));
    const confirm = await screen.findByRole('alertdialog', {
      name: 'Cancel Session?',
    });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel Session' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'POST /api/student/cancelTutoringSession/later-1')).toBe(true));
    expect(await screen.findByText('Session cancelled. Your payment will be refunded in full.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'All Sessions' }));
    await userEvent.click(within(await screen.findByRole('article', { name: 'Past unrated' })).getByRole('button', { name: 'Rate Session' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rate Session' });
    // No rating chosen at first; sending without one asks for it.
    expect(within(dialog).getByLabelText('Rating')).toHaveDisplayValue('Choose a rating');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit Rating' }));
    expect(await within(dialog).findByText('Choose a rating from 1 to 5 stars')).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /api/student/giveRating')).toBe(false);
    await userEvent.selectOptions(within(dialog).getByLabelText('Rating'), '4');
    await userEvent.type(within(dialog).getByLabelText(/Feedback/), 'Very helpful');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit Rating' }));
    await waitFor(() =>
      expect(calls.find((c) => c.key === 'POST /api/student/giveRating')?.body).toEqual({
        type: 'session',
        sessionId: 'past-1',
        ratings: 4,
        feedback: 'Very helpful',
      }),
    );
  });
});
