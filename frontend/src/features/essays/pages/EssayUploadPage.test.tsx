import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { installPointerEvent, jsonResponse, stubApi, onlyFor } from '../../../test/fetch';
import { renderApp, TestProviders } from '../../../test/render';
import { UploadEssayForm } from '../components/UploadEssayForm';
import { essayIn, signInStudent } from '../test-support';
import { controlUploads } from '../../../test/uploads';

beforeEach(() => {
  installPointerEvent();
  signInStudent();
});

const pdf = (name = 'essay.pdf', size = 2048) => new File([new Uint8Array(size)], name, { type: 'application/pdf' });
const image = () => new File([new Uint8Array(512)], 'essay.png', { type: 'image/png' });

async function fillForm(user: ReturnType<typeof userEvent.setup>, file: File = pdf()) {
  await user.upload(await screen.findByLabelText(/^Essay File/), file);
  await user.type(screen.getByLabelText(/^Essay Title/), 'Macbeth and ambition');
  await user.selectOptions(screen.getByLabelText(/^Academic Level/), 'A-Level');
  await user.selectOptions(screen.getByLabelText(/^Subject/), 'English Literature');
}

/**
 * Step one's form on its own: what these tests check happens inside the form, so they skip the app's routes and
 * dashboard layout (a full-app render each took seconds on a loaded machine). The journey tests below use the app.
 */
function renderStepOne() {
  render(
    <TestProviders>
      <UploadEssayForm onUploaded={() => {}} />
    </TestProviders>,
  );
}

// Generous timeout: typing and uploading through Chakra under jsdom is slow on a loaded machine.
describe('Essay upload: step one', { timeout: 30_000 }, () => {
  it('says what is missing, in the spec words, and sends nothing', async () => {
    const uploads = controlUploads();
    stubApi({});
    const user = userEvent.setup({ delay: null });
    renderStepOne();
    await user.click(await screen.findByRole('button', { name: 'Upload Essay' }));
    expect(screen.getByText('Please upload a file')).toBeInTheDocument();
    expect(screen.getByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('Academic level is required')).toBeInTheDocument();
    expect(screen.getByText('Subject is required')).toBeInTheDocument();
    expect(uploads.sent).toHaveLength(0);
  });

  it('refuses a wrong type or an oversized file on the spot, and shows name and size with Remove file', async () => {
    stubApi({});
    const user = userEvent.setup({ applyAccept: false, delay: null });
    renderStepOne();
    const input = await screen.findByLabelText(/^Essay File/);

    await user.upload(input, new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' }));
    expect(screen.getByText('Allowed file types: PDF, DOC, DOCX, TXT, JPEG, PNG, GIF, WebP, BMP')).toBeInTheDocument();

    // Dropped on the area, like a drag and drop.
    const zone = screen.getAllByTestId(/-dropzone$/)[0]!;
    fireEvent.drop(zone, { dataTransfer: { files: [pdf('big.pdf', 10 * 1024 * 1024 + 1)] } });
    expect(screen.getByText('File size must be less than 10 MB')).toBeInTheDocument();

    fireEvent.drop(screen.getAllByTestId(/-dropzone$/)[0]!, { dataTransfer: { files: [pdf('good.pdf', 3 * 1024)] } });
    expect(screen.getByText('good.pdf')).toBeInTheDocument();
    expect(screen.getByText('3.0 KB')).toBeInTheDocument();
    expect(screen.queryByText('File size must be less than 10 MB')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove file good.pdf' }));
    expect(screen.queryByText('good.pdf')).not.toBeInTheDocument();
  });

  it("lists the chosen level's subjects and clears a subject the new level does not have", async () => {
    stubApi({});
    const user = userEvent.setup({ delay: null });
    renderStepOne();
    const subject = await screen.findByLabelText(/^Subject/);
    expect(subject).toBeDisabled();
    await user.selectOptions(screen.getByLabelText(/^Academic Level/), 'A-Level');
    const options = within(subject).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Select subject', 'English Literature', 'Mathematics', 'Physics', 'Chemistry', 'History']);
    await user.selectOptions(subject, 'Physics');
    await user.selectOptions(screen.getByLabelText(/^Academic Level/), 'PhD');
    expect(subject).toHaveValue('');
    expect(within(subject).getAllByRole('option').map((o) => o.textContent)).toEqual(['Select subject', 'Research Topics', 'Thesis Review']);
  });

  it('asks for the word count of an image, which the server needs', async () => {
    const uploads = controlUploads();
    stubApi({});
    const user = userEvent.setup({ delay: null });
    renderStepOne();
    expect(screen.queryByLabelText(/Word Count/)).not.toBeInTheDocument();
    await fillForm(user, image());
    await user.click(screen.getByRole('button', { name: 'Upload Essay' }));
    expect(screen.getByText('Please enter the word count of your essay')).toBeInTheDocument();
    expect(uploads.sent).toHaveLength(0);

    await user.type(screen.getByLabelText(/Word Count/), '850');
    await user.click(screen.getByRole('button', { name: 'Upload Essay' }));
    await waitFor(() => expect(uploads.sent).toHaveLength(1));
    expect(uploads.sent[0]!.body.get('wordCount')).toBe('850');
  });

  it('sends the form with progress and the upload-date notice, then moves to step two', async () => {
    const essay = essayIn.awaitingConfirmation({ title: 'Macbeth and ambition' });
    const uploads = controlUploads();
    stubApi({ 'GET /api/student/essay/{id}': onlyFor({ id: essay._id }, () => jsonResponse(200, { essay })) });
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/student/essay-upload');
    await fillForm(user);
    await user.upload(screen.getByLabelText('Mark Scheme (optional)'), pdf('scheme.pdf'));
    await user.selectOptions(screen.getByLabelText('Request Type'), 'feedback_model');
    await user.click(screen.getByText(/Expedited review/));
    await user.type(screen.getByLabelText('Additional Notes (optional)'), 'Focus on structure');
    await user.click(screen.getByRole('button', { name: 'Upload Essay' }));

    await waitFor(() => expect(uploads.sent).toHaveLength(1));
    const body = uploads.sent[0]!.body;
    expect(Object.fromEntries([...body.entries()].filter(([, v]) => typeof v === 'string'))).toEqual({
      title: 'Macbeth and ambition',
      academicLevel: 'A-Level',
      subject: 'English Literature',
      studentRequest: 'feedback_model',
      expedited: 'true',
      notes: 'Focus on structure',
    });
    expect((body.get('file') as File).name).toBe('essay.pdf');
    expect((body.get('markingScheme') as File).name).toBe('scheme.pdf');

    uploads.progress(45, 100);
    expect(await screen.findByText('45%')).toBeInTheDocument();
    expect(screen.getByText('Uploading your essay...')).toBeInTheDocument();
    expect(screen.getByText(/Your essay will be recorded as uploaded on/)).toBeInTheDocument();

    uploads.respond(200, { essayId: essay._id, wordCount: 1000, price: 15, pricePence: 1500, originalWordCount: 1000, minWordCount: 900, maxWordCount: 1100 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm Essay Details' })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ essayId: essay._id });
  });

  it('shows the server refusals next to the file, and asks for a count when a document has no text', async () => {
    const uploads = controlUploads();
    stubApi({});
    const user = userEvent.setup({ delay: null });
    renderApp('/student/essay-upload');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Upload Essay' }));
    await waitFor(() => expect(uploads.sent).toHaveLength(1));
    const unreadable = 'We could not read the text of this document (it may be damaged or password-protected). Please upload another copy.';
    uploads.respond(400, { code: 'ESSAY_FILE_UNREADABLE', message: unreadable, errors: [{ field: 'file', message: unreadable }] });
    expect(await screen.findByText(unreadable)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Essay File/)).toHaveAttribute('aria-invalid', 'true');

    await user.click(screen.getByRole('button', { name: 'Upload Essay' }));
    await waitFor(() => expect(uploads.sent).toHaveLength(2));
    uploads.respond(415, { code: 'UPLOAD_TYPE_NOT_ALLOWED', message: 'Allowed file types: PDF, DOC, DOCX, TXT, JPEG, PNG, GIF, WebP, BMP', errors: [{ field: 'file', message: 'Allowed file types: PDF, DOC, DOCX, TXT, JPEG, PNG, GIF, WebP, BMP' }] });
    expect(await screen.findByText('Allowed file types: PDF, DOC, DOCX, TXT, JPEG, PNG, GIF, WebP, BMP')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Upload Essay' }));
    await waitFor(() => expect(uploads.sent).toHaveLength(3));
    const noWords = 'No words could be read from this file. Please enter its word count.';
    uploads.respond(400, { code: 'ESSAY_FILE_UNREADABLE', message: noWords, errors: [{ field: 'wordCount', message: noWords }] });
    expect(await screen.findByText(noWords)).toBeInTheDocument();
    expect(screen.getByLabelText(/Word Count/)).toBeInTheDocument();
  });

  it('shows a failure without a field as the form banner', async () => {
    const uploads = controlUploads();
    stubApi({});
    const user = userEvent.setup({ delay: null });
    renderApp('/student/essay-upload');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Upload Essay' }));
    await waitFor(() => expect(uploads.sent).toHaveLength(1));
    uploads.respond(429, { code: 'RATE_LIMITED', message: 'Too many uploads. Please try again later.' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many uploads. Please try again later.');
    // The overlay is gone and the form can be sent again.
    expect(screen.queryByText('Uploading your essay...')).not.toBeInTheDocument();
  });
});

describe('Essay upload: step two, Confirm Essay Details', () => {
  // £15.00 for 1000 words plus a £5.00 model-answer surcharge the server recorded.
  const essay = essayIn.awaitingConfirmation({
    title: 'Macbeth and ambition',
    subject: 'English Literature',
    academicLevel: 'A-Level',
    requestType: 'feedback_model',
    studentRequest: 'Feedback and Model Answer',
    wordCount: 1000,
    originalWordCount: 1000,
    minWordCount: 900,
    maxWordCount: 1100,
    price: 20, pricePence: 2000,
    modelAnswerSurcharge: 5, modelAnswerSurchargePence: 500,
  });

  it('shows the guidelines and the details, prices the count live, and refuses a count outside ±10 %', async () => {
    stubApi({ 'GET /api/student/essay/{id}': onlyFor({ id: essay._id }, () => jsonResponse(200, { essay })) });
    const user = userEvent.setup({ delay: null });
    renderApp(`/student/essay-upload?essayId=${essay._id}`);

    // The text speaks of feedback (the service), not proof-reading.
    expect(await screen.findByRole('heading', { name: 'What your feedback covers' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your tutor will' })).toBeInTheDocument();
    expect(screen.getByText('Written feedback on your argument, structure and use of evidence')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your tutor will not' })).toBeInTheDocument();
    expect(screen.getByText('Alter the argument')).toBeInTheDocument();
    expect(screen.getByRole('main')).not.toHaveTextContent(/proof-?read/i);
    expect(screen.getByText('Macbeth and ambition')).toBeInTheDocument();
    expect(screen.getByText('Detected word count', { selector: 'dt' }).nextElementSibling).toHaveTextContent('1,000');
    const price = screen.getByTestId('estimated-price');
    expect(price).toHaveTextContent('£20.00');
    // Itemised: the review at the count, then each surcharge.
    const items = () => Array.from(screen.getByTestId('price-items').querySelectorAll('dt')).map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`);
    expect(items()).toEqual(['Review of 1,000 words: £15.00', 'Model answer: + £5.00']);

    const input = screen.getByLabelText('Word count');
    await user.clear(input);
    await user.type(input, '1100');
    expect(price).toHaveTextContent('£20.70');
    expect(items()).toEqual(['Review of 1,100 words: £15.70', 'Model answer: + £5.00']);

    await user.clear(input);
    await user.type(input, '1101');
    expect(screen.getByText('Word count must be within ±10% of the original (900-1100)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm Word Count' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(input).toHaveValue('1000');
    expect(screen.getByRole('button', { name: 'Confirm Word Count' })).toBeEnabled();
  });

  it('confirms the count and goes to My Essays', async () => {
    const { calls } = stubApi({
      'GET /api/student/essay/{id}': onlyFor({ id: essay._id }, () => jsonResponse(200, { essay })),
      'POST /api/student/updateWordCount': () => jsonResponse(200, { message: 'Word count updated successfully', essay: { ...essay, state: 'open', wordCount: 950 } }),
      'GET /api/student/essays': () => jsonResponse(200, { essays: [{ ...essay, state: 'open', wordCount: 950 }] }),
    });
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp(`/student/essay-upload?essayId=${essay._id}`);
    const input = await screen.findByLabelText('Word count');
    await user.clear(input);
    await user.type(input, '950');
    await user.click(screen.getByRole('button', { name: 'Confirm Word Count' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/student/essays'));
    expect(calls.find((c) => c.key === 'POST /api/student/updateWordCount')?.body).toEqual({ essayId: essay._id, wordCount: 950 });
    expect(await screen.findByText('Essay submitted')).toBeInTheDocument();
  });

  it('shows the server refusal and stays', async () => {
    stubApi({
      'GET /api/student/essay/{id}': onlyFor({ id: essay._id }, () => jsonResponse(200, { essay })),
      'POST /api/student/updateWordCount': () => jsonResponse(409, { code: 'ESSAY_NOT_EDITABLE', message: 'A tutor has already accepted this essay.' }),
    });
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp(`/student/essay-upload?essayId=${essay._id}`);
    await user.click(await screen.findByRole('button', { name: 'Confirm Word Count' }));
    expect(await screen.findByText('Failed to update word count: A tutor has already accepted this essay.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/student/essay-upload');
  });

  it('says "Essay not found" for an unknown essay', async () => {
    stubApi({});
    renderApp('/student/essay-upload?essayId=00000000-0000-4000-8000-000000009999');
    expect(await screen.findByRole('heading', { name: 'Essay not found' })).toBeInTheDocument();
  });
});
