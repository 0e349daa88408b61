import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../../lib/format';
import { installPointerEvent, jsonResponse, stubApi, onlyFor } from '../../../test/fetch';
import { renderApp } from '../../../test/render';
import type { Essay } from '../essay-rules';
import { LINK_REUSE_MS } from '../hooks/useFreshLink';
import { essayIn, hoursAgo, signInStudent } from '../test-support';

beforeEach(() => {
  installPointerEvent();
  signInStudent();
});
afterEach(() => vi.useRealTimers());

const detail = (essay: Essay) => ({ 'GET /api/student/essay/{id}': onlyFor({ id: essay._id }, () => jsonResponse(200, { essay })) });
const field = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

describe('EssayDetailPage', () => {
  it('shows the essay, its review with the score out of 10, and its files', async () => {
    const essay = essayIn.completed({
      title: 'Macbeth and ambition',
      subject: 'English Literature',
      academicLevel: 'A-Level',
      wordCount: 1234,
      studentRequest: 'Feedback and Model Answer',
      requestType: 'feedback_model',
      modelAnswerSurcharge: 5,
      modelAnswerSurchargePence: 500,
      notes: 'Please focus on structure.',
      createdAt: '2026-03-01T12:00:00Z',
      completedAt: '2026-03-04T12:00:00Z',
      score: 7,
      feedback: 'Strong opening; the conclusion needs work.',
      markingScheme: 'https://files.test/scheme.pdf?sig=1',
      modelURL: 'https://files.test/model.pdf?sig=1',
    });
    stubApi(detail(essay));
    renderApp(`/student/essay/${essay._id}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Macbeth and ambition' })).toBeInTheDocument();
    expect(field('Subject')).toHaveTextContent('English Literature');
    expect(field('Academic Level')).toHaveTextContent('A-Level');
    expect(field('Word Count')).toHaveTextContent('1,234');
    expect(field('Status')).toHaveTextContent('Reviewed');
    expect(field('Submitted')).toHaveTextContent('1 March 2026');
    expect(field('Reviewed')).toHaveTextContent('4 March 2026');
    expect(field('Student Request')).toHaveTextContent('Feedback and Model Answer');
    // The surcharge is itemised.
    expect(field('Price')).toHaveTextContent('(includes model answer £5.00)');
    expect(field('Comments')).toHaveTextContent('Please focus on structure.');
    expect(screen.getByLabelText('Score: 7 out of 10')).toHaveTextContent('7/10');
    expect(screen.getByText('Strong opening; the conclusion needs work.')).toBeInTheDocument();
    for (const label of ['Essay file', 'Marking scheme', 'Model answer']) {
      expect(screen.getByRole('button', { name: `View ${label}` })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: `Download ${label}` })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Accept Feedback' })).toBeInTheDocument();
  });

  it('calls the tutor’s optional file on a Feedback Only request a "Marked essay", never a "Model answer"', async () => {
    const essay = essayIn.completed({ title: 'Feedback only', modelURL: 'https://files.test/marked.pdf?sig=1' });
    stubApi(detail(essay));
    renderApp(`/student/essay/${essay._id}`);
    expect(await screen.findByRole('button', { name: 'View Marked essay' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download Marked essay' })).toBeInTheDocument();
    expect(screen.queryByText(/Model answer/i)).not.toBeInTheDocument();
  });

  it('shows no review, reviewed date or missing files before the essay is completed', async () => {
    const essay = essayIn.paid({ title: 'Awaiting review' });
    stubApi(detail(essay));
    renderApp(`/student/essay/${essay._id}`);
    await screen.findByRole('heading', { level: 1, name: 'Awaiting review' });
    expect(field('Status')).toHaveTextContent('Under Review');
    expect(screen.queryByText('Reviewed', { selector: 'dt' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Feedback' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'View Marking scheme' })).not.toBeInTheDocument();
    expect(field('Tutor')).toHaveTextContent('Tara Tutor');
    expect(screen.getByRole('button', { name: 'Cancel and refund' })).toBeInTheDocument();
    expect(field('Refund available until')).toHaveTextContent(formatDateTime(essay.refundableUntil)!);
  });

  it('offers no refund once the server\'s refundableUntil has passed, however recent the payment', async () => {
    // A deployment with a shorter refund window: paid 10 minutes ago, refundable until 5 minutes ago.
    const essay = essayIn.paid({ title: 'Short window', paid_time: hoursAgo(1 / 6), refundableUntil: hoursAgo(1 / 12) });
    stubApi(detail(essay));
    renderApp(`/student/essay/${essay._id}`);
    await screen.findByRole('heading', { level: 1, name: 'Short window' });
    expect(screen.queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Refund available until', { selector: 'dt' })).not.toBeInTheDocument();
  });

  it('opens the file in the PDF viewer, with a link to open it in a new tab', async () => {
    const essay = essayIn.open({ title: 'Viewable', fileUrl: 'https://files.test/essay.pdf?sig=1' });
    const { calls } = stubApi(detail(essay));
    const user = userEvent.setup({ delay: null });
    renderApp(`/student/essay/${essay._id}`);
    await user.click(await screen.findByRole('button', { name: 'View Essay file' }));

    const viewer = await screen.findByRole('dialog', { name: 'Essay file: Viewable' });
    expect(within(viewer).getByTitle('Essay file: Viewable')).toHaveAttribute('src', 'https://files.test/essay.pdf?sig=1');
    const fallback = within(viewer).getByRole('link', { name: 'Open it in a new tab' });
    expect(fallback).toHaveAttribute('href', 'https://files.test/essay.pdf?sig=1');
    expect(fallback).toHaveAttribute('target', '_blank');
    // A young link is used as it is.
    expect(calls.filter((c) => c.key === `GET /api/student/essay/${essay._id}`)).toHaveLength(1);

    await user.click(within(viewer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('offers a new tab instead of a frame for a file the browser cannot show (a Word file)', async () => {
    const essay = essayIn.open({ title: 'Word file', fileUrl: 'https://files.test/essays/essay-1.docx?sig=1' });
    stubApi(detail(essay));
    const user = userEvent.setup({ delay: null });
    renderApp(`/student/essay/${essay._id}`);
    await user.click(await screen.findByRole('button', { name: 'View Essay file' }));
    const viewer = await screen.findByRole('dialog', { name: 'Essay file: Word file' });
    expect(within(viewer).queryByTitle('Essay file: Word file')).not.toBeInTheDocument();
    expect(within(viewer).getByText(/This file type cannot be shown here/)).toBeInTheDocument();
    expect(within(viewer).getByRole('link', { name: 'Open it in a new tab' })).toHaveAttribute('href', 'https://files.test/essays/essay-1.docx?sig=1');
  });

  it('fetches the essay again for a fresh link once the one in hand is old', async () => {
    let signature = 1;
    const essay = essayIn.open({ title: 'Old links' });
    const { calls } = stubApi({
      'GET /api/student/essay/{id}': onlyFor({ id: essay._id }, () => jsonResponse(200, { essay: { ...essay, fileUrl: `https://files.test/essay.pdf?sig=${signature++}` } })),
    });
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const user = userEvent.setup({ delay: null });
    renderApp(`/student/essay/${essay._id}`);
    const download = await screen.findByRole('button', { name: 'Download Essay file' });

    await user.click(download);
    expect(open).toHaveBeenLastCalledWith('https://files.test/essay.pdf?sig=1', '_blank', 'noopener,noreferrer');

    // Five minutes later the link has expired: the page asks the server for the essay (new links) before use.
    const later = Date.now() + LINK_REUSE_MS + 1000;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    await user.click(screen.getByRole('button', { name: 'View Essay file' }));
    const viewer = await screen.findByRole('dialog', { name: 'Essay file: Old links' });
    expect(within(viewer).getByTitle('Essay file: Old links')).toHaveAttribute('src', 'https://files.test/essay.pdf?sig=2');
    expect(calls.filter((c) => c.key === `GET /api/student/essay/${essay._id}`)).toHaveLength(2);
  });

  it('says "Essay not found" for an essay that is not there (or not yours)', async () => {
    stubApi({ 'GET /api/student/essay/00000000-0000-4000-8000-000000009999': () => jsonResponse(404, { code: 'NOT_FOUND', message: 'Essay not found' }) });
    renderApp('/student/essay/00000000-0000-4000-8000-000000009999');
    expect(await screen.findByRole('heading', { level: 1, name: 'Essay not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Essays' })).toHaveAttribute('href', '/student/essays');
  });

  it('shows the load error for other failures', async () => {
    stubApi({ 'GET /api/student/essay/00000000-0000-4000-8000-000000009998': () => jsonResponse(403, { message: 'Forbidden resource' }) });
    renderApp('/student/essay/00000000-0000-4000-8000-000000009998');
    expect(await screen.findByText('Error: Forbidden resource')).toBeInTheDocument();
  });

  it('says why Make Payment is not offered while the tutor has not set an estimated word count', async () => {
    // Even after a tutor's Confirm: the count is still the student's estimate, so the server refuses payment.
    const essay = essayIn.accepted({ title: 'Photographed', wordCount: 1, wordCountEstimated: true, tutorConfirmed: true, pricePence: 30, price: 0.3 });
    stubApi(detail(essay));
    renderApp(`/student/essay/${essay._id}`);
    await screen.findByRole('heading', { level: 1, name: 'Photographed' });
    expect(screen.getByText('Waiting for your tutor to set the word count')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make Payment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm New Price' })).not.toBeInTheDocument();
  });

  it('shows the new price once the tutor has set the count, and offers Make Payment after the student confirms it', async () => {
    let current = essayIn.accepted({ title: 'Count set', wordCount: 2400, originalWordCount: 2400, pricePence: 3100, price: 31, tutorConfirmed: true, priceConfirmationNeeded: true });
    const { calls } = stubApi({
      'GET /api/student/essay/{id}': onlyFor({ id: current._id }, () => jsonResponse(200, { essay: current })),
      'POST /api/essays/{essayId}/confirm-price': onlyFor({ essayId: current._id }, () => {
        current = { ...current, priceConfirmationNeeded: false };
        return jsonResponse(200, { message: 'Price confirmed: you can now pay', essay: current });
      }),
    });
    const user = userEvent.setup({ delay: null });
    renderApp(`/student/essay/${current._id}`);
    await screen.findByRole('heading', { level: 1, name: 'Count set' });
    expect(screen.getByText(/Your tutor set the word count to 2,400 words, so the price is now £31\.00/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make Payment' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Confirm New Price' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm the new price?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm £31.00' }));
    expect(await screen.findByRole('button', { name: 'Make Payment' })).toBeInTheDocument();
    const sent = calls.find((c) => c.key === `POST /api/essays/${current._id}/confirm-price`);
    expect(sent?.body).toEqual({ pricePence: 3100 });
    expect(screen.queryByRole('button', { name: 'Confirm New Price' })).not.toBeInTheDocument();
  });

  it('accepts the feedback here too, and then offers Rate Tutor', async () => {
    let current = essayIn.completed({ title: 'Accept here', completedAt: hoursAgo(2) });
    const { calls } = stubApi({
      'GET /api/student/essay/{id}': onlyFor({ id: current._id }, () => jsonResponse(200, { essay: current })),
      'POST /api/student/acceptEssay/{id}': onlyFor({ id: current._id }, () => {
        current = { ...current, student_accept: true, revisionAvailableUntil: null };
        return jsonResponse(200, { message: 'Essay feedback accepted successfully!', essay: current });
      }),
    });
    const user = userEvent.setup({ delay: null });
    renderApp(`/student/essay/${current._id}`);
    await user.click(await screen.findByRole('button', { name: 'Accept Feedback' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Accept Feedback?' })).getByRole('button', { name: 'Confirm' }));
    const success = await screen.findByRole('dialog', { name: 'Success!' });
    expect(calls.some((c) => c.key === `POST /api/student/acceptEssay/${current._id}`)).toBe(true);
    await user.click(within(success).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('button', { name: 'Rate Tutor' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request Revision' })).not.toBeInTheDocument();
  });
});
