import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { installPointerEvent, jsonResponse, stubApi } from '../../../test/fetch';
import { renderApp } from '../../../test/render';
import { chatKeys } from '../../../components/chat/chat-keys';
import { getQueryClient } from '../../../lib/query-client';
import { STUDENT_ID, contact, essay, requestedUrls, signInTutor } from '../test-fixtures';

const POOL = '/api/tutor/getAvailableEssays';
const ww1 = essay();
const maths = essay({ _id: 'e2', title: 'Proof by induction', subject: 'Mathematics', academicLevel: 'GCSE', qualification: 'GCSE', wordCount: 900, price: 18.5, pricePence: 1850, studentRequest: 'Feedback and Model Answer', requestType: 'feedback_model', expedited: true });

beforeEach(() => {
  installPointerEvent();
  signInTutor();
});

const profile = (StudyLevel: 'Bachelors' | 'Masters' | 'PhD' | null) => () => jsonResponse(200, { tutor: { name: 'Theo', StudyLevel } });

// Generous timeouts: Chakra renders slowly under jsdom on a loaded machine.
describe('essay pool', { timeout: 30_000 }, () => {
  it('shows each available essay: title, subject, level, word count, price in £, request type, expedited, submitted date', async () => {
    const { fetchMock } = stubApi({ [`GET ${POOL}`]: () => jsonResponse(200, { essays: [ww1, maths] }), 'GET /api/tutor/getProfile': profile('Bachelors') });
    renderApp('/tutor/essay-pool');
    const list = await screen.findByRole('list', { name: 'Available essays' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const second = within(cards[1]!);
    expect(second.getByRole('heading', { name: 'Proof by induction' })).toBeInTheDocument();
    expect(second.getByText('Mathematics · GCSE')).toBeInTheDocument();
    expect(second.getByText('900 words')).toBeInTheDocument();
    expect(second.getByText('£18.50')).toBeInTheDocument();
    expect(second.getByText('Feedback and Model Answer')).toBeInTheDocument();
    expect(second.getByText('Expedited (24 h)')).toBeInTheDocument();
    expect(second.getByText('1 March 2026')).toBeInTheDocument();
    expect(within(cards[0]!).queryByText('Expedited (24 h)')).not.toBeInTheDocument();
    expect(screen.getByText('2 essays available')).toBeInTheDocument();
    // No filter yet: the server is asked for everything the tutor may see.
    const [url] = requestedUrls(fetchMock, POOL);
    expect([...url!.searchParams.keys()]).toEqual([]);
  });

  it('shows the student’s notes, the opening lines, and what the tutor earns after commission beside the student’s price', async () => {
    const earning = essay({
      notes: 'Please focus on my conclusion.',
      preview: 'The First World War began in 1914 after the assassination of Archduke Franz Ferdinand…',
      pricePence: 1990,
      price: 19.9,
      tutorEarningsPence: 1592,
      tutorEarnings: 15.92,
    });
    stubApi({ [`GET ${POOL}`]: () => jsonResponse(200, { essays: [earning] }), 'GET /api/tutor/getProfile': profile('Bachelors') });
    renderApp('/tutor/essay-pool');
    const card = within(within(await screen.findByRole('list', { name: 'Available essays' })).getAllByRole('listitem')[0]!);
    const fact = (label: string) => card.getByText(label).nextElementSibling;
    expect(fact('Student pays')).toHaveTextContent('£19.90');
    expect(fact('You earn')).toHaveTextContent('£15.92');
    expect(card.getByText('Notes from the student')).toBeInTheDocument();
    expect(card.getByText('Please focus on my conclusion.')).toBeInTheDocument();
    expect(card.getByText('Opening lines')).toBeInTheDocument();
    expect(card.getByText(/^The First World War began in 1914/)).toBeInTheDocument();
  });

  it('keeps the subject filter disabled while the level is all, lists the level’s subjects, and filters on the server through the URL', async () => {
    const user = userEvent.setup({ delay: null });
    const { fetchMock } = stubApi({ [`GET ${POOL}`]: () => jsonResponse(200, { essays: [ww1] }), 'GET /api/tutor/getProfile': profile('Bachelors') });
    const { router } = renderApp('/tutor/essay-pool');
    await screen.findByRole('list', { name: 'Available essays' });
    const level = screen.getByLabelText('Level');
    const subject = screen.getByLabelText('Subject');
    expect(subject).toBeDisabled();
    // A Bachelors tutor sees GCSE, A-Level and Bachelor essays only.
    await waitFor(() => expect(within(level).getAllByRole('option').map((o) => o.textContent)).toEqual(['All Levels', 'GCSE', 'A-Level', 'Bachelor']));

    await user.selectOptions(level, 'A-Level');
    await waitFor(() => expect(screen.getByLabelText('Subject')).toBeEnabled());
    expect(within(screen.getByLabelText('Subject')).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'All Subjects',
      'English Literature',
      'Mathematics',
      'Physics',
      'Chemistry',
      'History',
    ]);
    await user.selectOptions(screen.getByLabelText('Subject'), 'History');
    await waitFor(() => expect(router.state.location.search).toEqual({ level: 'A-Level', subject: 'History' }));
    await waitFor(() => {
      const last = requestedUrls(fetchMock, POOL).at(-1)!;
      expect(last.searchParams.get('level')).toBe('A-Level');
      expect(last.searchParams.get('subject')).toBe('History');
    });

    // Back to all levels: the subject is dropped and its select disabled again.
    await user.selectOptions(screen.getByLabelText('Level'), 'all');
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(screen.getByLabelText('Subject')).toBeDisabled();
  });

  it('opens with the filters of its URL, ignoring a subject of another level', async () => {
    const { fetchMock } = stubApi({ [`GET ${POOL}`]: () => jsonResponse(200, { essays: [] }) });
    renderApp('/tutor/essay-pool?level=GCSE&subject=Thesis%20Review');
    expect(await screen.findByText('No essays available')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your filters or search.')).toBeInTheDocument();
    expect(screen.getByLabelText('Level')).toHaveValue('GCSE');
    expect(screen.getByLabelText('Subject')).toHaveValue('');
    const url = requestedUrls(fetchMock, POOL).at(-1)!;
    expect(url.searchParams.get('level')).toBe('GCSE');
    expect(url.searchParams.has('subject')).toBe(false);
  });

  it('debounces the title search: one request for the settled text, kept in the URL', async () => {
    const user = userEvent.setup({ delay: null });
    const { fetchMock } = stubApi({
      [`GET ${POOL}`]: () => jsonResponse(200, { essays: [ww1] }),
    });
    const { router } = renderApp('/tutor/essay-pool');
    await screen.findByRole('list', { name: 'Available essays' });
    await user.type(screen.getByLabelText('Search'), 'World War');
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'World War' }), { timeout: 3000 });
    await waitFor(() => expect(requestedUrls(fetchMock, POOL).at(-1)!.searchParams.get('search')).toBe('World War'));
    // The first load plus the settled text: not one request per keystroke.
    expect(requestedUrls(fetchMock, POOL)).toHaveLength(2);
  });

  it('says when the pool is empty', async () => {
    stubApi({ [`GET ${POOL}`]: () => jsonResponse(200, { essays: [] }) });
    renderApp('/tutor/essay-pool');
    expect(await screen.findByText('No essays available')).toBeInTheDocument();
    expect(screen.getByText(/New essays appear here/)).toBeInTheDocument();
  });

  it('shows an error with Try Again when the pool fails to load', async () => {
    const user = userEvent.setup({ delay: null });
    let fail = true;
    stubApi({ [`GET ${POOL}`]: () => (fail ? jsonResponse(500, { message: 'Database down' }) : jsonResponse(200, { essays: [ww1] })) });
    renderApp('/tutor/essay-pool');
    expect(await screen.findByText('Failed to load essays')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: ww1.title })).toBeInTheDocument();
  });

  it('shows Profile Under Review to a tutor who is not approved yet', async () => {
    stubApi({ [`GET ${POOL}`]: () => jsonResponse(403, { message: 'Tutor is not approved yet.', code: 'TUTOR_NOT_APPROVED' }) });
    renderApp('/tutor/essay-pool');
    expect(await screen.findByRole('heading', { name: 'Profile Under Review' })).toBeInTheDocument();
    expect(screen.getByText(/1-3 business days/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Level')).not.toBeInTheDocument();
  });

  it('accepting removes the essay and lands on its word-count discussion, with the new student in the contacts at once', async () => {
    const user = userEvent.setup({ delay: null });
    let loads = 0;
    let accepted = false;
    const acceptedEssay = { ...ww1, state: 'accepted' as const, accepted: true, studentId: STUDENT_ID, discussionEndsAt: new Date(Date.now() + 86_400_000).toISOString() };
    const { calls } = stubApi({
      // Later loads never answer, so what the page shows on coming back is what it kept in its cache.
      [`GET ${POOL}`]: () => (loads++ === 0 ? jsonResponse(200, { essays: [ww1, maths] }) : new Promise<never>(() => {})),
      'POST /api/tutor/acceptEssay': () => {
        accepted = true;
        return jsonResponse(200, { essay: acceptedEssay });
      },
      'GET /api/essays/e1': () => jsonResponse(200, { essay: acceptedEssay }),
      'GET /api/tutor/messages/7d1c2a3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d': () => jsonResponse(200, { messages: [], hasMore: false }),
      // Before the accept the tutor has another student only; the new one is there as soon as it is done.
      'GET /api/tutor/getAllContactsForTutor': () =>
        jsonResponse(200, { students: accepted ? [contact({ _id: 'other', name: 'Oscar Other' }), contact()] : [contact({ _id: 'other', name: 'Oscar Other' })] }),
    });
    const { router } = renderApp('/tutor/essay-pool');
    // The sidebar already holds the contacts from before the accept (fresh for 30 s: nothing would reload them).
    const contactIds = () => (getQueryClient().getQueryData(chatKeys.contacts('tutor')) as { _id: string }[] | undefined)?.map((c) => c._id);
    await waitFor(() => expect(contactIds()).toEqual(['other']));
    const list = await screen.findByRole('list', { name: 'Available essays' });
    const card = within(list).getAllByRole('listitem')[0]!;
    await user.click(within(card).getByRole('button', { name: 'Accept Essay' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/tutor/chat/${ww1._id}`));
    expect(calls.find((c) => c.key === 'POST /api/tutor/acceptEssay')?.body).toEqual({ essayID: ww1._id });
    expect(await screen.findByText('Essay accepted')).toBeInTheDocument();
    await waitFor(() => expect(contactIds()).toContain(STUDENT_ID));
    router.history.back();
    expect(await screen.findByRole('heading', { name: maths.title })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: ww1.title })).not.toBeInTheDocument();
  });

  it('when another tutor was first: says so and refreshes the pool', async () => {
    const user = userEvent.setup({ delay: null });
    let taken = false;
    const { fetchMock } = stubApi({
      [`GET ${POOL}`]: () => jsonResponse(200, { essays: taken ? [maths] : [ww1, maths] }),
      'POST /api/tutor/acceptEssay': () => {
        taken = true;
        return jsonResponse(409, { message: 'This essay has already been accepted by another tutor.', code: 'ESSAY_ALREADY_ACCEPTED' });
      },
    });
    const { router } = renderApp('/tutor/essay-pool');
    const list = await screen.findByRole('list', { name: 'Available essays' });
    await user.click(within(within(list).getAllByRole('listitem')[0]!).getByRole('button', { name: 'Accept Essay' }));
    expect(await screen.findByText('Another tutor has already accepted this essay')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('heading', { name: ww1.title })).not.toBeInTheDocument());
    expect(requestedUrls(fetchMock, POOL)).toHaveLength(2);
    expect(router.state.location.pathname).toBe('/tutor/essay-pool');
  });

  it('when the essay is their own (a student who is also a tutor): says so in a toast and refreshes the pool', async () => {
    const user = userEvent.setup({ delay: null });
    const { fetchMock } = stubApi({
      [`GET ${POOL}`]: () => jsonResponse(200, { essays: [ww1] }),
      'POST /api/tutor/acceptEssay': () => jsonResponse(409, { message: 'You cannot review your own essay.', code: 'SELF_DEALING' }),
    });
    const { router } = renderApp('/tutor/essay-pool');
    await user.click(await screen.findByRole('button', { name: 'Accept Essay' }));
    expect(await screen.findByText('You cannot review your own essay.')).toBeInTheDocument();
    await waitFor(() => expect(requestedUrls(fetchMock, POOL)).toHaveLength(2));
    expect(router.state.location.pathname).toBe('/tutor/essay-pool');
  });

  it('when the tutor is not approved at accept time: shows Profile Under Review', async () => {
    const user = userEvent.setup({ delay: null });
    stubApi({
      [`GET ${POOL}`]: () => jsonResponse(200, { essays: [ww1] }),
      'POST /api/tutor/acceptEssay': () => jsonResponse(403, { message: 'Tutor is not approved yet.', code: 'TUTOR_NOT_APPROVED' }),
    });
    renderApp('/tutor/essay-pool');
    await user.click(await screen.findByRole('button', { name: 'Accept Essay' }));
    expect(await screen.findByRole('heading', { name: 'Profile Under Review' })).toBeInTheDocument();
  });
});
