/**
 * Sign-in's second step, part of the sign-in island (sign-in.ts): the code emailed to the person,
 * checked by the shared rule and verified with `POST /auth/verify2FA`; Resend once the shared cooldown (cooldown.ts,
 * kept across reloads) has passed; Back to the password.
 */
import { submitButton } from '../../../lib/islands/fields';
import { all, on, part, type Unmount } from '../../../lib/islands/runtime';
import type { components } from '../../../api/schema';
import { cooldownKey, remainingSeconds, startCooldown } from '../cooldown';
import { AUTH_MESSAGES, codeRules, VERIFICATION_CODE_LENGTH } from '../schemas';
import { postApi, problemText } from '../../../lib/islands/request';
import { showAlert } from './views';

const RESENT = 'A new code has been sent to your email.';

type AuthUser = components['schemas']['UserDto'];

export interface TwoFactorStep {
  /** Begins the step for this account (the login's answer): clears what an earlier attempt left. */
  start(userId: string, email: string, message?: string): void;
  focus(): void;
  unmount: Unmount;
}

export function mountTwoFactorStep(
  view: HTMLElement,
  { signIn, back }: { signIn: (token: string, user: AuthUser) => Promise<void>; back: () => void },
): TwoFactorStep {
  const form = part<HTMLFormElement>(view, 'form');
  const code = part<HTMLInputElement>(form, '[name="code"]');
  const info = part(view, '[data-alert="info"]');
  const error = part(view, '[data-alert="error"]');
  const resend = part<HTMLButtonElement>(view, '[data-action="resend"]');
  const verify = submitButton(part<HTMLButtonElement>(form, 'button[type="submit"]'), 'Verifying...');
  form.noValidate = true;
  verify.enable();
  let account: { userId: string; email: string } | null = null;
  let cooldownTimer: ReturnType<typeof setInterval> | undefined;

  const showCooldown = () => {
    const seconds = account ? remainingSeconds(cooldownKey('2fa', account.email)) : 0;
    resend.disabled = seconds > 0;
    resend.textContent = seconds > 0 ? `Resend code in ${seconds}s` : 'Resend code';
    if (seconds === 0) clearInterval(cooldownTimer);
  };
  const tickCooldown = () => {
    clearInterval(cooldownTimer);
    showCooldown();
    if (resend.disabled) cooldownTimer = setInterval(showCooldown, 1000);
  };
  /** The step's one line: a problem (the rule's or the server's) wins over the information. */
  const showProblem = (message: string | null) => {
    showAlert(error, message);
    info.hidden = message !== null || !part(info, '[data-alert-title]').textContent;
  };

  const onSubmit = async () => {
    if (!account) return;
    const problem = codeRules({ code: code.value }).code;
    showProblem(problem ?? null);
    if (problem) return;
    verify.busy(true);
    try {
      const response = await postApi('/api/auth/verify2FA', { userId: account.userId, twoFAToken: code.value.trim() });
      if (response?.token && response.user) {
        await signIn(response.token, response.user);
        return; // the next page is opening: the button stays busy
      }
      showProblem(AUTH_MESSAGES.authChanged);
    } catch (err) {
      showProblem(problemText(err, AUTH_MESSAGES.verificationFailed));
    }
    verify.busy(false);
  };
  const onResend = async () => {
    if (!account) return;
    const { email } = account;
    showProblem(null);
    try {
      const response = await postApi('/api/auth/resend2FA', { email });
      startCooldown(cooldownKey('2fa', email));
      tickCooldown();
      showAlert(info, response?.message || RESENT);
    } catch (err) {
      showProblem(problemText(err, AUTH_MESSAGES.resendFailed));
    }
  };

  const unmount = all(
    on(code, 'input', () => {
      if (code.value.length > VERIFICATION_CODE_LENGTH) code.value = code.value.slice(0, VERIFICATION_CODE_LENGTH);
    }),
    on(form, 'submit', (event) => {
      event.preventDefault();
      void onSubmit();
    }),
    on(resend, 'click', () => void onResend()),
    on(part(view, '[data-action="back"]'), 'click', () => {
      account = null;
      clearInterval(cooldownTimer);
      back();
    }),
    () => clearInterval(cooldownTimer),
  );

  return {
    start(userId, email, message) {
      account = { userId, email };
      part(view, '[data-two-factor-email]').textContent = email;
      showAlert(info, message || null);
      showProblem(null);
      code.value = '';
      tickCooldown();
    },
    focus: () => code.focus(),
    unmount,
  };
}
