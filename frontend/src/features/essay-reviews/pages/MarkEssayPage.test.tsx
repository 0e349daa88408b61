import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installPointerEvent, jsonResponse, stubApi } from '../../../test/fetch';
import { renderApp } from '../../../test/render';
import { essay, signInTutor, stubUploads } from '../test-fixtures';

const GET = 'POST /api/tutor/getEssay';
const paid = essay({ _id: 'e1', state: 'paid', status: 'In Progress', accepted: true, paymentStatus: 'Paid', paid_time: '2026-03-10T10:00:00.000Z', markingDueAt: '2026-03-12T10:00:00.000Z', fileUrl: 'https://files.example/e1.pdf' });
const withModel = { ...paid, studentRequest: 'Feedback and Model Answer' as const, requestType: 'feedback_model' as const };
const LONG = 'A clear argument with good use of sources. '.repeat(7); // 301 characters

beforeEach(() => {
  installPointerEvent();
  signInTutor();
});
afterEach(() => vi.restoreAllMocks());

const pdf = (name = 'marked.pdf', size?: number) => {
  const file = new File(['%PDF-1.4'], name, { type: name.endsWith('.pdf') ? 'application/pdf' : 'text/plain' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
};

/** Types long text at once (typing 300 characters key by key is slow under jsdom). */
const fillFeedback = (text: string) => fireEvent.change(screen.getByLabelText(/^Feedback/), { target: { value: text } });

describe('marking an essay', { timeout: 30_000 }, () => {
  it('counts the feedback live against 250 and refuses a short feedback and a score outside 1-10', async () => {
    const user = userEvent.setup({ delay: null });
    const uploads = stubUploads();
    stubApi({ [GET]: () => jsonResponse(200, { essay: paid }) });
    renderApp('/tutor/essay-feedback/e1');
    expect(await screen.findByText('0/250 characters minimum')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Feedback/), 'Too short');
    expect(screen.getByText('9/250 characters minimum')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Feedback/)).toHaveAccessibleDescription('9/250 characters minimum');
    await user.type(screen.getByLabelText(/^Score/), '11');
    await user.click(screen.getByRole('button', { name: 'Submit Feedback' }));
    expect(await screen.findByText('Feedback must be at least 250 characters long.')).toBeInTheDocument();
    expect(screen.getByText('Score must be between 1 and 10')).toBeInTheDocument();
    expect(uploads.sent).toHaveLength(0);

    fillFeedback(LONG);
    expect(screen.getByText(`${LONG.trim().length}/250 characters minimum`)).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Score/));
    await user.type(screen.getByLabelText(/^Score/), '0');
    await user.click(screen.getByRole('button', { name: 'Submit Feedback' }));
    await waitFor(() => expect(screen.queryByText('Feedback must be at least 250 characters long.')).not.toBeInTheDocument());
    expect(screen.getByText('Score must be between 1 and 10')).toBeInTheDocument();
    expect(uploads.sent).toHaveLength(0);
  });

  it('needs a marked file for Feedback and Model Answer, checks its type and size, and uploads it with progress', async () => {
    const user = userEvent.setup({ applyAccept: false, delay: null });
    const uploads = stubUploads();
    stubApi({ [GET]: () => jsonResponse(200, { essay: withModel }), 'GET /api/tutor/getAllEssays': () => jsonResponse(200, { essays: [] }) });
    const { router } = renderApp('/tutor/essay-feedback/e1');
    await user.type(await screen.findByLabelText(/^Score/), '8');
    fillFeedback(LONG);
    await user.click(screen.getByRole('button', { name: 'Submit Feedback' }));
    expect(await screen.findByText('You must upload a marked essay file to continue.')).toBeInTheDocument();
    expect(uploads.sent).toHaveLength(0);

    const input = screen.getByLabelText(/^Marked essay/);
    await user.upload(input, pdf('notes.txt'));
    expect(await screen.findByText('Allowed file types: PDF, DOC, DOCX, RTF')).toBeInTheDocument();
    await user.upload(input, pdf('big.pdf', 11 * 1024 * 1024));
    expect(await screen.findByText('File size must be less than 10 MB')).toBeInTheDocument();
    await user.upload(input, pdf());
    await waitFor(() => expect(screen.queryByText('File size must be less than 10 MB')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Submit Feedback' }));
    await waitFor(() => expect(uploads.sent).toHaveLength(1));
    const form = uploads.sent[0]!;
    expect(form.get('essayID')).toBe('e1');
    expect(form.get('score')).toBe('8');
    expect(form.get('feedback')).toBe(LONG.trim());
    expect((form.get('modelAnswerFile') as File).name).toBe('marked.pdf');

    uploads.progress(40);
    expect(await screen.findByText('40%')).toBeInTheDocument();
    uploads.respond(200, { message: 'Essay marked successfully', essay: { ...withModel, state: 'completed' } });
    expect(await screen.findByText('Essay marked successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/tutor/essay-feedback'));
  });

  it('sends a feedback-only marking without a file', async () => {
    const user = userEvent.setup({ delay: null });
    const uploads = stubUploads();
    stubApi({ [GET]: () => jsonResponse(200, { essay: paid }) });
    renderApp('/tutor/essay-feedback/e1');
    expect(await screen.findByLabelText('Marked essay (optional)')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Score/), '7');
    fillFeedback(LONG);
    await user.click(screen.getByRole('button', { name: 'Submit Feedback' }));
    await waitFor(() => expect(uploads.sent).toHaveLength(1));
    expect(uploads.sent[0]!.has('modelAnswerFile')).toBe(false);
  });

  it('shows the server’s refusal with the spec’s failure message', async () => {
    const user = userEvent.setup({ delay: null });
    const uploads = stubUploads();
    stubApi({ [GET]: () => jsonResponse(200, { essay: paid }) });
    renderApp('/tutor/essay-feedback/e1');
    await user.type(await screen.findByLabelText(/^Score/), '7');
    fillFeedback(LONG);
    await user.click(screen.getByRole('button', { name: 'Submit Feedback' }));
    await waitFor(() => expect(uploads.sent).toHaveLength(1));
    uploads.respond(409, { message: 'This essay has already been marked.', code: 'ESSAY_NOT_MARKABLE' });
    expect(await screen.findByText('This essay has already been marked.')).toBeInTheDocument();
    expect(screen.getAllByText('Failed to submit feedback. Please try again.').length).toBeGreaterThan(0);
  });

  it('says in the toast too when the essay is being refunded', async () => {
    const user = userEvent.setup({ delay: null });
    const uploads = stubUploads();
    stubApi({ [GET]: () => jsonResponse(200, { essay: paid }) });
    renderApp('/tutor/essay-feedback/e1');
    await user.type(await screen.findByLabelText(/^Score/), '7');
    fillFeedback(LONG);
    await user.click(screen.getByRole('button', { name: 'Submit Feedback' }));
    await waitFor(() => expect(uploads.sent).toHaveLength(1));
    const refusal = 'This essay is being refunded to the student, so it can no longer be marked.';
    uploads.respond(409, { message: refusal, code: 'ESSAY_REFUNDING' });
    // Inline, and in the toast's description.
    await waitFor(() => expect(screen.getAllByText(refusal)).toHaveLength(2));
  });

  it('a revision starts from the last feedback and keeps the marked file already sent', async () => {
    stubUploads();
    stubApi({ [GET]: () => jsonResponse(200, { essay: { ...withModel, state: 'revision_requested', status: 'Revision Requested', score: 6, feedback: LONG, modelURL: 'https://files.example/m.pdf' } }) });
    renderApp('/tutor/essay-feedback/e1');
    expect(await screen.findByText('The student asked for a revision')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Score/)).toHaveValue(6);
    expect(screen.getByLabelText(/^Feedback/)).toHaveValue(LONG);
    expect(screen.getByLabelText('Marked essay (optional)')).toBeInTheDocument();
  });

  it('explains why an unpaid essay cannot be marked yet', async () => {
    stubApi({ [GET]: () => jsonResponse(200, { essay: { ...paid, state: 'accepted', paymentStatus: 'Pending', paid_time: null, markingDueAt: null, tutorConfirmed: false } }) });
    renderApp('/tutor/essay-feedback/e1');
    expect(await screen.findByText('Awaiting payment')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Confirm the word count in the discussion' })).toHaveAttribute('href', '/tutor/chat/e1');
    expect(screen.queryByRole('button', { name: 'Submit Feedback' })).not.toBeInTheDocument();
  });

  it('shows a completed essay’s feedback read-only', async () => {
    stubApi({ [GET]: () => jsonResponse(200, { essay: { ...paid, state: 'completed', status: 'Completed', score: 9, feedback: 'Excellent structure.', completedAt: '2026-03-11T10:00:00.000Z' } }) });
    renderApp('/tutor/essay-feedback/e1');
    expect(await screen.findByText('This essay has been completed')).toBeInTheDocument();
    expect(screen.getByText('9/10')).toBeInTheDocument();
    expect(screen.getByText('Excellent structure.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit Feedback' })).not.toBeInTheDocument();
  });

  it('says when the essay is not the tutor’s', async () => {
    stubApi({ [GET]: () => jsonResponse(404, { message: 'Essay not found' }) });
    renderApp('/tutor/essay-feedback/e1');
    expect(await screen.findByText('Essay not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Essay Reviews' })).toHaveAttribute('href', '/tutor/essay-feedback');
  });
});
