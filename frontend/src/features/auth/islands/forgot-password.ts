/**
 * "Forgot password" as an island: plain TypeScript on the prerendered /forgot-password,
 * mounted by pages/ForgotPasswordPage.tsx on the same markup inside the app. The email is checked by the
 * shared rule when the form is sent, then as it is corrected; the request's answer shows "Check your email" in place.
 */
import { showFieldProblem, submitButton } from '../../../lib/islands/fields';
import { all, part, type Unmount } from '../../../lib/islands/runtime';
import { AUTH_MESSAGES, forgotPasswordRules } from '../schemas';
import { postApi, problemText } from '../../../lib/islands/request';
import { showAlert, viewSwitcher } from './views';

export function mountForgotPassword(root: HTMLElement): Unmount {
  const views = viewSwitcher(root, ['form', 'sent'] as const);
  const form = part<HTMLFormElement>(views.element('form'), 'form');
  const failure = part(views.element('form'), '[data-alert="error"]');
  const email = part<HTMLInputElement>(form, '[name="email"]');
  const emailProblem = part(form, '[data-error-for="email"]');
  const send = submitButton(part<HTMLButtonElement>(form, 'button[type="submit"]'), 'Sending...');
  const sent = views.element('sent');
  form.noValidate = true;
  send.enable();

  let submitted = false;
  const check = () => {
    const problem = forgotPasswordRules({ email: email.value }).email;
    showFieldProblem(email, emailProblem, problem);
    return problem;
  };
  const onInput = () => {
    if (submitted) check();
  };
  const onSubmit = async () => {
    submitted = true;
    if (check()) {
      email.focus();
      return;
    }
    showAlert(failure, null);
    send.busy(true);
    const address = email.value.trim();
    try {
      const response = await postApi('/api/auth/requestPasswordReset', { email: address });
      part(sent, '[data-sent-email]').textContent = address;
      const message = part(sent, '[data-sent-message]');
      message.textContent = response?.message ?? '';
      message.hidden = !message.textContent;
      views.show('sent');
    } catch (error) {
      showAlert(failure, problemText(error, AUTH_MESSAGES.resetEmailFailed));
    }
    send.busy(false);
  };
  const submitListener = (event: Event) => {
    event.preventDefault();
    void onSubmit();
  };
  form.addEventListener('input', onInput);
  form.addEventListener('submit', submitListener);
  return all(
    () => form.removeEventListener('input', onInput),
    () => form.removeEventListener('submit', submitListener),
  );
}
