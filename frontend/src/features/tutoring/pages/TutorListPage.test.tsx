import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ErrorCode } from '@redpen/shared/error-codes';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CURRENT_ESSAY_ID_KEY, PAYMENT_TYPE_KEY } from '../../../lib/payment-storage';
import { installPointerEvent, jsonResponse, stubApi } from '../../../test/fetch';
import { renderApp } from '../../../test/render';
import { browser } from '../queries';
import { NO_SLOTS_TODAY, localDayKey, slotLabel } from '../rules';
import { makeSession, makeTutor, signInAs } from '../test-fixtures';

beforeEach(() => {
  installPointerEvent();
  signInAs('student');
});
afterEach(() => vi.restoreAllMocks());

const EVERY_DAY = Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, ['10:00-11:00' as const]]));

/** The URLs the page asked the tutor list with. */
const listUrls = (fetchMock: { mock: { calls: unknown[][] } }) =>
  fetchMock.mock.calls
    .map(([input]) => new URL((input as Request).url ?? String(input), 'http://localhost'))
    .filter((u) => u.pathname === '/api/tutor/getTutorProfilesforTutoring');

describe('Find Your Tutor', { timeout: 30_000 }, () => {
  it('shows the cards and asks the server again for each filter, sort and search', async () => {
    const { fetchMock } = stubApi({
      'GET /api/tutor/getTutorProfilesforTutoring': () =>
        jsonResponse(200, {
          tutors: [
            makeTutor(),
            makeTutor({
              _id: 'tutor-2',
              fullName: 'Pat PhD',
              studyLevel: 'PhD',
              hourlyRatePence: 5000,
              totalRatings: 0,
            }),
          ],
          total: 2,
        }),
    });
    renderApp('/student/tutor-list');
    const card = await screen.findByRole('article', { name: 'Tara Tutor' });
    expect(screen.getByRole('heading', { level: 1, name: 'Find Your Tutor' })).toBeInTheDocument();
    for (const text of ['Mathematics', 'University of Oxford', '4 years experience', '£35.00/hour', 'Masters', 'Patient maths tutor.', '★ 4.5 (2)']) {
      expect(within(card).getByText(text)).toBeInTheDocument();
    }
    expect(within(screen.getByRole('article', { name: 'Pat PhD' })).getByText('No ratings yet')).toBeInTheDocument();
    expect(listUrls(fetchMock)[0]!.searchParams.get('sort')).toBe('experience');
    // Paged: only paged cards carry the bookable slots.
    expect(listUrls(fetchMock)[0]!.searchParams.get('page')).toBe('1');
    expect(screen.queryByRole('button', { name: 'Show more tutors' })).not.toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Study Level'), 'PhD');
    await userEvent.selectOptions(screen.getByLabelText('Sort By'), 'hourlyRate');
    await userEvent.type(screen.getByLabelText('Search'), 'maths');
    await waitFor(() => expect(listUrls(fetchMock).at(-1)!.searchParams.get('search')).toBe('maths'));
    const last = listUrls(fetchMock).at(-1)!;
    expect(last.searchParams.get('studyLevel')).toBe('PhD');
    expect(last.searchParams.get('sort')).toBe('hourlyRate');
  });

  it('says No tutors found, and Failed to load tutors. when the list cannot be reached', async () => {
    stubApi({
      'GET /api/tutor/getTutorProfilesforTutoring': () => jsonResponse(200, { tutors: [], total: 0 }),
    });
    const { unmount } = renderApp('/student/tutors');
    expect(await screen.findByText('No tutors found')).toBeInTheDocument();
    unmount();

    stubApi({
      'GET /api/tutor/getTutorProfilesforTutoring': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderApp('/student/tutor-list');
    expect(await screen.findByText('Failed to load tutors.')).toBeInTheDocument();
  });
});

describe('Find Your Tutor: the booking modal', { timeout: 30_000 }, () => {
  it('offers each weekday with its next date, the free slots in local time with GMT, and books only when all three are set', async () => {
    const tomorrow = new Date();
    tomorrow.setDate(tomorrow.getDate() + 1);
    tomorrow.setHours(10, 0, 0, 0);
    const slot = {
      startTime: tomorrow.toISOString(),
      endTime: new Date(tomorrow.getTime() + 3_600_000).toISOString(),
    };
    const held = makeSession({
      _id: 'held-1',
      status: 'held',
      paymentStatus: 'Pending',
      startTime: slot.startTime,
      endTime: slot.endTime,
    });
    const { calls } = stubApi({
      'GET /api/tutor/getTutorProfilesforTutoring': () =>
        jsonResponse(200, {
          tutors: [makeTutor({ availability: EVERY_DAY, availabilityLocal: EVERY_DAY, nextSlots: [slot] })],
          total: 1,
        }),
      'POST /api/student/createTutoringSession': () =>
        jsonResponse(200, {
          tutoringSession: held,
          paymentUrl: 'http://localhost/api/payments/local/checkout/cs_1',
        }),
    });
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    renderApp('/student/tutor-list');
    await userEvent.click(within(await screen.findByRole('article', { name: 'Tara Tutor' })).getByRole('button', { name: 'Book Session' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Book a session with Tara Tutor',
    });
    const book = within(dialog).getByRole('button', { name: 'Book Session' });
    expect(book).toBeDisabled();

    const daySelect = within(dialog).getByLabelText('Select Day');
    expect(within(daySelect).getAllByRole('option')).toHaveLength(8); // the placeholder and seven weekdays
    await userEvent.selectOptions(daySelect, localDayKey(Date.now()));
    expect(within(dialog).getByText(NO_SLOTS_TODAY)).toBeInTheDocument();

    await userEvent.selectOptions(daySelect, localDayKey(tomorrow));
    const timeSelect = within(dialog).getByLabelText('Select Time');
    expect(within(timeSelect).getByRole('option', { name: slotLabel(slot) })).toBeInTheDocument();
    expect(slotLabel(slot)).toMatch(/GMT\)$/);
    await userEvent.selectOptions(timeSelect, slot.startTime);
    expect(book).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText(/Purpose/), 'Oxford interview practice');
    expect(book).toBeEnabled();

    await userEvent.click(book);
    await waitFor(() => expect(go).toHaveBeenCalledWith('http://localhost/api/payments/local/checkout/cs_1'));
    expect(calls.find((c) => c.key === 'POST /api/student/createTutoringSession')!.body).toEqual({
      tutorId: 'tutor-1',
      purpose: 'Oxford interview practice',
      ...slot,
    });
    expect(localStorage.getItem(CURRENT_ESSAY_ID_KEY)).toBe('held-1');
    expect(localStorage.getItem(PAYMENT_TYPE_KEY)).toBe('tutoring');
  });

  it.each<[ErrorCode, string]>([
    ['TOO_MANY_HOLDS', 'You already have 2 unpaid bookings. Pay for one or cancel it in My Sessions before booking another slot.'],
    ['HOLD_WITH_TUTOR_EXISTS', 'You already have an unpaid booking with this tutor. Pay for it or cancel it in My Sessions before booking another slot with them.'],
  ])('a booking refused for unpaid holds (%s) shows the reason in the dialog', async (code, message) => {
    const slot = { startTime: new Date(Date.now() + 86_400_000).toISOString(), endTime: new Date(Date.now() + 90_000_000).toISOString() };
    stubApi({
      'GET /api/tutor/getTutorProfilesforTutoring': () => jsonResponse(200, { tutors: [makeTutor({ availability: EVERY_DAY, availabilityLocal: EVERY_DAY, nextSlots: [slot] })], total: 1 }),
      'POST /api/student/createTutoringSession': () => jsonResponse(409, { message, code }),
    });
    renderApp('/student/tutor-list');
    await userEvent.click(within(await screen.findByRole('article', { name: 'Tara Tutor' })).getByRole('button', { name: 'Book Session' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.selectOptions(within(dialog).getByLabelText('Select Day'), localDayKey(Date.parse(slot.startTime)));
    await userEvent.selectOptions(within(dialog).getByLabelText('Select Time'), slot.startTime);
    await userEvent.type(within(dialog).getByLabelText(/Purpose/), 'Essay structure');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Book Session' }));
    expect(await within(dialog).findByText(`Failed to book session: ${message}`)).toBeInTheDocument();
  });

  it('a refused booking says Failed to book session with the reason and forgets the payment keys', async () => {
    const slot = {
      startTime: new Date(Date.now() + 86_400_000).toISOString(),
      endTime: new Date(Date.now() + 90_000_000).toISOString(),
    };
    stubApi({
      'GET /api/tutor/getTutorProfilesforTutoring': () =>
        jsonResponse(200, {
          tutors: [makeTutor({ availability: EVERY_DAY, availabilityLocal: EVERY_DAY, nextSlots: [slot] })],
          total: 1,
        }),
      'POST /api/student/createTutoringSession': () =>
        jsonResponse(409, {
          message: 'That slot has just been taken.',
          code: 'SLOT_TAKEN',
        }),
    });
    renderApp('/student/tutor-list');
    await userEvent.click(within(await screen.findByRole('article', { name: 'Tara Tutor' })).getByRole('button', { name: 'Book Session' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.selectOptions(within(dialog).getByLabelText('Select Day'), localDayKey(Date.parse(slot.startTime)));
    await userEvent.selectOptions(within(dialog).getByLabelText('Select Time'), slot.startTime);
    await userEvent.type(within(dialog).getByLabelText(/Purpose/), 'Essay structure');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Book Session' }));
    expect(await within(dialog).findByText('Failed to book session: That slot has just been taken.')).toBeInTheDocument();
    expect(localStorage.getItem(PAYMENT_TYPE_KEY)).toBeNull();
  });
});
