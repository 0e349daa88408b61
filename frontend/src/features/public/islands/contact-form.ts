import { ApiCallError, postApi } from '../../../lib/islands/request';
import { contactRules, type ContactValues } from '../contact-rules';
import { showFieldProblem, submitButton } from '../../../lib/islands/fields';
import { all, part, type Unmount } from '../../../lib/islands/runtime';

export const CONTACT_FAILED = 'Failed to send message. Please try again.';
const FIELDS = ['name', 'email', 'subject', 'message'] as const;

/**
 * The hidden field people leave empty and form-filling robots fill in (the honeypot): the server answers a message
 * with it filled as sent, and sends nothing. Not in the API's document, so it is added to the body only when filled.
 */
export const HONEYPOT_FIELD = 'website';

/** Sends the message to the JSON API (the spec's `POST /api/contact`); resolves on 2xx, else rejects with the text to show. */
export async function sendContactMessage(values: ContactValues, honeypot = ''): Promise<void> {
  const body: ContactValues & { [HONEYPOT_FIELD]?: string } = honeypot ? { ...values, [HONEYPOT_FIELD]: honeypot } : values;
  try {
    await postApi('/api/contact', body);
  } catch (error) {
    // Rate limited: the server says how long to wait. Anything else gets the spec's message.
    const limited = error instanceof ApiCallError && error.status === 429 && error.body?.message;
    throw new Error(limited || CONTACT_FAILED, { cause: error });
  }
}

/**
 * The contact form. Its HTML is a real form (`POST /api/contact/form`, form-encoded) that works without JavaScript;
 * this island checks the fields with the shared rules (contact-rules.ts), shows each message under its field,
 * sends the message to the JSON API and shows the success view (`[data-contact-sent]`) or the failure
 * (`[data-contact-failure]`) without leaving the page.
 */
export function mountContactForm(root: HTMLElement): Unmount {
  const form = part<HTMLFormElement>(root, 'form');
  const sent = part(root, '[data-contact-sent]');
  const failure = part(root, '[data-contact-failure]');
  const failureText = part(failure, '[data-contact-failure-text]');
  const submit = part<HTMLButtonElement>(form, 'button[type="submit"]');
  const again = part<HTMLButtonElement>(sent, '[data-contact-again]');
  const control = (field: (typeof FIELDS)[number]) => part<HTMLInputElement | HTMLTextAreaElement>(form, `[name="${field}"]`);
  const errorOf = (field: (typeof FIELDS)[number]) => part(form, `[data-error-for="${field}"]`);
  form.noValidate = true;

  const values = (): ContactValues => ({
    name: control('name').value,
    email: control('email').value,
    subject: control('subject').value,
    message: control('message').value,
  });
  const showErrors = (errors: Partial<Record<keyof ContactValues, string>>) => {
    for (const field of FIELDS) showFieldProblem(control(field), errorOf(field), errors[field]);
  };
  const showFailure = (message: string | null) => {
    failureText.textContent = message ?? '';
    failure.hidden = message === null;
  };
  const sending = submitButton(submit, 'Sending...');
  let touched = false;
  const onSubmit = async (event: SubmitEvent) => {
    event.preventDefault();
    touched = true;
    const errors = contactRules(values());
    showErrors(errors);
    const first = FIELDS.find((field) => errors[field]);
    if (first) {
      control(first).focus();
      return;
    }
    showFailure(null);
    sending.busy(true);
    try {
      const { name, email, subject, message } = values();
      const honeypot = form.querySelector<HTMLInputElement>(`[name="${HONEYPOT_FIELD}"]`)?.value ?? '';
      await sendContactMessage({ name: name.trim(), email: email.trim(), subject: subject.trim(), message: message.trim() }, honeypot);
      form.reset();
      touched = false;
      showErrors({});
      form.hidden = true;
      sent.hidden = false;
    } catch (error) {
      showFailure(error instanceof Error ? error.message : CONTACT_FAILED);
    } finally {
      sending.busy(false);
    }
  };
  // After a first submit, each field's message follows what is typed.
  const onInput = () => {
    if (touched) showErrors(contactRules(values()));
  };
  const onAgain = () => {
    sent.hidden = true;
    form.hidden = false;
    control('name').focus();
  };
  const submitListener = (event: Event) => void onSubmit(event as SubmitEvent);
  form.addEventListener('submit', submitListener);
  form.addEventListener('input', onInput);
  again.addEventListener('click', onAgain);
  return all(
    () => form.removeEventListener('submit', submitListener),
    () => form.removeEventListener('input', onInput),
    () => again.removeEventListener('click', onAgain),
  );
}
