/**
 * The sign-in form as an island: the whole of /login's behaviour in plain TypeScript, so the
 * prerendered page needs neither React nor the app to sign someone in. The same module runs inside the
 * app, mounted by pages/LoginPage.tsx on the same markup. Its steps are the markup's views:
 *   - `form`: email and password; a refusal shows the server's message (banned: the support line; unverified: a
 *     link to verify the email);
 *   - `two-factor`: the emailed code, Resend after the cooldown, Back to the form (two-factor.ts);
 *   - `direct-progress` / `direct-confirm`: a direct sign-in link (`?signInCode=…`), used only once the visitor
 *     confirms whose account it is.
 * A sign-in stores the session as the app does (sign-in.ts) and opens where the person goes next.
 */
import { submitButton } from '../../../lib/islands/fields';
import { all, on, part, type Unmount } from '../../../lib/islands/runtime';
import { signOutStorage } from '../../../lib/session-store';
import { validateLoginSearch, type LoginSearch } from '../login-search';
import { AUTH_MESSAGES, loginRules } from '../schemas';
import { completeSignIn } from '../sign-in';
import { prefetchFromPage } from './prefetch';
import { ApiCallError, getApi, postApi, problemText } from '../../../lib/islands/request';
import { mountTwoFactorStep } from './two-factor';
import { showAlert, viewSwitcher } from './views';

export interface SignInOptions {
  /** What /login was opened with (`redirect`, `signInCode`); read from the page's query string by default. */
  search?: LoginSearch;
  /** A one-off success line from the page before (the app's "Email verified successfully! Please login"). */
  flash?: string;
  /** Called at the first key typed: fetch what the next page needs (the static page's list by default). */
  onFirstInput?: () => void;
  /**
   * Opens a page: the one after the sign-in (in place of /login in the history), or the verify-email link's. A
   * document load by default; the app passes its router's navigation.
   */
  go?: (target: string, replace: boolean) => void;
}

const VIEWS = ['form', 'two-factor', 'direct-progress', 'direct-confirm'] as const;

const checkProfiles = () => getApi('/api/auth/checkProfiles');

export function mountSignIn(root: HTMLElement, options: SignInOptions = {}): Unmount {
  const search = options.search ?? validateLoginSearch(Object.fromEntries(new URLSearchParams(window.location.search)));
  const go = options.go ?? ((target: string, replace: boolean) => (replace ? window.location.replace(target) : window.location.assign(target)));
  const views = viewSwitcher(root, VIEWS);
  const cleanups: Unmount[] = [];
  const listen = (target: EventTarget, type: string, listener: (event: Event) => void) => void cleanups.push(on(target, type, listener));

  // ── The form ────────────────────────────────────────────────────────────────────────────────────────────
  const formView = views.element('form');
  const form = part<HTMLFormElement>(formView, 'form');
  const email = part<HTMLInputElement>(form, '[name="email"]');
  const password = part<HTMLInputElement>(form, '[name="password"]');
  const flash = part(formView, '[data-alert="flash"]');
  const error = part(formView, '[data-alert="error"]');
  const bannedHelp = part(error, '[data-alert-banned]');
  const unverifiedHelp = part(error, '[data-alert-unverified]');
  const verifyLink = part<HTMLAnchorElement>(unverifiedHelp, 'a');
  const logIn = submitButton(part<HTMLButtonElement>(form, 'button[type="submit"]'), 'Logging in...');
  form.noValidate = true;
  logIn.enable();

  /** The form's one alert: the rule's line or the server's refusal, with what helps for that refusal. */
  const showError = (message: string | null, code?: string) => {
    showAlert(error, message);
    error.dataset.kind = code === 'ACCOUNT_BANNED' ? 'banned' : code === 'EMAIL_NOT_VERIFIED' ? 'unverified' : 'other';
    bannedHelp.hidden = code !== 'ACCOUNT_BANNED';
    unverifiedHelp.hidden = code !== 'EMAIL_NOT_VERIFIED';
    if (code === 'EMAIL_NOT_VERIFIED') verifyLink.setAttribute('href', `/verify-email?${new URLSearchParams({ email: email.value.trim() })}`);
    flash.hidden = message !== null || !options.flash;
  };
  if (options.flash) showAlert(flash, options.flash);
  listen(verifyLink, 'click', (event) => {
    if (!options.go || (event as MouseEvent).button !== 0 || (event as MouseEvent).metaKey || (event as MouseEvent).ctrlKey) return;
    event.preventDefault();
    go(verifyLink.getAttribute('href') ?? '/verify-email', false);
  });

  const signIn = async (token: string, user: Parameters<typeof completeSignIn>[1]) => {
    const { target } = await completeSignIn(token, user, checkProfiles, search.redirect);
    go(target, true);
  };

  listen(form, 'submit', (event) => {
    event.preventDefault();
    void (async () => {
      const problem = loginRules({ email: email.value, password: password.value }).email;
      showError(problem ?? null);
      if (problem) return;
      logIn.busy(true);
      try {
        const response = await postApi('/api/auth/login', { email: email.value.trim(), password: password.value });
        if (response?.twoFactorRequired && response.userId) {
          startTwoFactor(response.userId, email.value.trim(), response.message);
        } else if (!response?.token || !response.user) {
          showError(AUTH_MESSAGES.authChanged);
        } else {
          await signIn(response.token, response.user);
          return; // the next page is opening: the button stays busy
        }
      } catch (err) {
        showError(problemText(err, AUTH_MESSAGES.loginFailed), (err as ApiCallError | undefined)?.code);
      }
      logIn.busy(false);
    })();
  });

  let typed = false;
  listen(form, 'input', () => {
    if (typed) return;
    typed = true;
    (options.onFirstInput ?? prefetchFromPage)();
  });

  // ── The two-factor step ─────────────────────────────────────────────────────────────────────────────────
  const twoFactor = mountTwoFactorStep(views.element('two-factor'), {
    signIn,
    back: () => {
      views.show('form');
      email.focus();
    },
  });
  cleanups.push(twoFactor.unmount);
  const startTwoFactor = (userId: string, address: string, message?: string) => {
    twoFactor.start(userId, address, message);
    views.show('two-factor');
    twoFactor.focus();
  };

  // ── A direct sign-in link ───────────────────────────────────────────────────────────────────────────────
  const progressText = part(views.element('direct-progress'), '[data-direct-progress-text]');
  const confirmView = views.element('direct-confirm');
  const continueButton = part<HTMLButtonElement>(confirmView, '[data-action="direct-continue"]');
  /**
   * The link did not sign anyone in. A link cancelled since it was sent (410 SIGN_IN_LINK_REVOKED: its account was
   * signed out or its sign-in settings changed) gets the server's line, which says to ask for a new link; any other
   * failure the generic line.
   */
  const directFailed = (err?: unknown) => {
    const revoked = err instanceof ApiCallError && err.status === 410 && err.code === 'SIGN_IN_LINK_REVOKED';
    showError(revoked ? problemText(err, AUTH_MESSAGES.directTokenFailed) : AUTH_MESSAGES.directTokenFailed);
    views.show('form');
  };
  const { signInCode } = search;
  if (signInCode) {
    progressText.textContent = 'Checking your sign-in link...';
    views.show('direct-progress');
    postApi('/api/auth/signInLink/preview', { signInCode }).then((owner) => {
      if (!owner?.name) return directFailed();
      part(confirmView, '[data-direct-title]').textContent = `Continue as ${owner.name}?`;
      part(confirmView, '[data-direct-subtitle]').textContent = `This link signs you in as ${owner.name} (${owner.email}).`;
      continueButton.textContent = `Continue as ${owner.name}`;
      views.show('direct-confirm');
      continueButton.focus();
    }, (err: unknown) => directFailed(err));
    listen(continueButton, 'click', () => {
      progressText.textContent = 'Signing you in...';
      views.show('direct-progress');
      void (async () => {
        try {
          const response = await postApi('/api/auth/signInLink/exchange', { signInCode });
          if (!response?.token || !response.user) throw new Error('no session');
          await signIn(response.token, response.user);
        } catch (err) {
          signOutStorage();
          directFailed(err);
        }
      })();
    });
    listen(part(confirmView, '[data-action="direct-decline"]'), 'click', () => {
      views.show('form');
      email.focus();
    });
  }

  return all(...cleanups);
}
