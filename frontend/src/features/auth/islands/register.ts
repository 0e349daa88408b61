/**
 * The registration form as an island: plain TypeScript on the prerendered /register,
 * mounted by pages/RegisterPage.tsx on the same markup inside the app. The shared rules (schemas.ts registerRules)
 * are checked as the person goes: a field's message appears once they leave it, then follows what they type; Create
 * account shows them all and goes to the first. The password's rules are ticked as it is typed. The server's
 * refusal comes back under the fields it names and above the form; success goes to the email verification.
 */
import { showFieldProblem, submitButton } from '../../../lib/islands/fields';
import { all, part, type Unmount } from '../../../lib/islands/runtime';
import { postLoginPath, readSession } from '../../../lib/session-store';
import { cooldownKey, startCooldown } from '../cooldown';
import { AUTH_MESSAGES, registerRules, validateRegisterSearch, type RegisterValues } from '../schemas';
import { showPasswordStrength } from './password-strength';
import { prefetchFromPage } from './prefetch';
import { postApi, problemText, type ApiCallError } from '../../../lib/islands/request';
import { showAlert } from './views';

export interface RegisterOptions {
  /** The role a "Get Started" link chose (`/register?role=student`); read from the page's query string by default. */
  role?: 'student' | 'tutor';
  /** Called at the first key typed: fetch what the next page needs (the static page's list by default). */
  onFirstInput?: () => void;
  /** Opens a page (the email verification, or a signed-in visitor's dashboard); a document load by default. */
  go?: (target: string, replace: boolean) => void;
}

type Field = keyof RegisterValues;
/** In the form's order: the first with a problem is the one focused. */
const FIELDS: readonly Field[] = ['firstName', 'lastName', 'email', 'phone', 'password', 'confirmPassword', 'role', 'agreeToTerms'];
const isField = (name: string): name is Field => (FIELDS as readonly string[]).includes(name);

export function mountRegister(root: HTMLElement, options: RegisterOptions = {}): Unmount {
  const go = options.go ?? ((target: string, replace: boolean) => (replace ? window.location.replace(target) : window.location.assign(target)));
  // Only a signed-out visitor registers: a signed-in one goes to their dashboard (as the app's route guard does).
  const session = readSession();
  if (session) {
    go(postLoginPath(session.user), true);
    return () => {};
  }

  const form = part<HTMLFormElement>(root, 'form');
  const failure = part(root, '[data-alert="error"]');
  const strength = part(form, '[data-password-strength]');
  const create = submitButton(part<HTMLButtonElement>(form, 'button[type="submit"]'), 'Creating account...');
  const control = (field: Field) => part<HTMLInputElement | HTMLSelectElement>(form, `[name="${field}"]`);
  const problemOf = (field: Field) => part(form, `[data-error-for="${field}"]`);
  form.noValidate = true;
  create.enable();

  const role = options.role ?? validateRegisterSearch(Object.fromEntries(new URLSearchParams(window.location.search))).role;
  if (role) control('role').value = role;

  const values = (): RegisterValues => {
    const text = (field: Field) => control(field).value;
    const chosen = text('role');
    return {
      firstName: text('firstName'),
      lastName: text('lastName'),
      email: text('email'),
      phone: text('phone'),
      password: text('password'),
      confirmPassword: text('confirmPassword'),
      role: chosen === 'student' || chosen === 'tutor' ? chosen : '',
      agreeToTerms: (control('agreeToTerms') as HTMLInputElement).checked,
    };
  };

  /** The fields whose message shows: each one left once, or all after Create account. */
  const shown = new Set<Field>();
  /** What the server said of a field, until the person changes it. */
  const refused = new Map<Field, string>();
  const showProblems = () => {
    const problems = registerRules(values());
    for (const field of FIELDS) showFieldProblem(control(field), problemOf(field), refused.get(field) ?? (shown.has(field) ? problems[field] : undefined));
    return problems;
  };

  const onFocusOut = (event: Event) => {
    const name = (event.target as HTMLInputElement | null)?.name ?? '';
    if (!isField(name)) return;
    shown.add(name);
    showProblems();
  };
  let typed = false;
  const onInput = (event: Event) => {
    const name = (event.target as HTMLInputElement | null)?.name ?? '';
    if (isField(name)) refused.delete(name);
    if (name === 'password') showPasswordStrength(strength, control('password').value);
    showProblems();
    if (!typed) {
      typed = true;
      (options.onFirstInput ?? prefetchFromPage)();
    }
  };
  const onSubmit = async () => {
    for (const field of FIELDS) shown.add(field);
    refused.clear();
    const problems = showProblems();
    const first = FIELDS.find((field) => problems[field]);
    if (first) {
      control(first).focus();
      return;
    }
    showAlert(failure, null);
    const entered = values();
    const email = entered.email.trim();
    create.busy(true);
    try {
      await postApi('/api/auth/register', {
        name: `${entered.firstName.trim()} ${entered.lastName.trim()}`,
        email,
        password: entered.password,
        role: entered.role as 'student' | 'tutor',
        phone: entered.phone.trim(),
      });
      // A code was just emailed: the resend button waits out the cooldown.
      startCooldown(cooldownKey('verify', email));
      const search = new URLSearchParams({ email });
      if (entered.role === 'tutor') search.set('isTutor', 'true');
      go(`/verify-email?${search}`, false);
      return; // the next page is opening: the button stays busy
    } catch (error) {
      for (const fieldError of (error as ApiCallError | undefined)?.errors ?? []) {
        const field = fieldError.field === 'name' ? 'firstName' : fieldError.field;
        if (isField(field)) refused.set(field, fieldError.message);
      }
      showProblems();
      showAlert(failure, problemText(error, AUTH_MESSAGES.registrationFailed));
    }
    create.busy(false);
  };
  const submitListener = (event: Event) => {
    event.preventDefault();
    void onSubmit();
  };

  form.addEventListener('focusout', onFocusOut);
  form.addEventListener('input', onInput);
  form.addEventListener('change', onInput);
  form.addEventListener('submit', submitListener);
  return all(
    () => form.removeEventListener('focusout', onFocusOut),
    () => form.removeEventListener('input', onInput),
    () => form.removeEventListener('change', onInput),
    () => form.removeEventListener('submit', submitListener),
  );
}
