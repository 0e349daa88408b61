import { useForm } from 'react-hook-form';
import { rulesResolver } from '../../../components/form/rules-resolver';
import { codeRules, type CodeValues } from '../schemas';

const resolver = rulesResolver(codeRules);

/**
 * The emailed-code form (email verification, the two-factor step): the code is asked for by `codeRules` before
 * `send` runs with it trimmed; `problem` is that rule's line until the next submit (or `clearProblem`).
 */
export function useCodeForm(send: (code: string) => Promise<void>, beforeSubmit: () => void) {
  const form = useForm<CodeValues>({ defaultValues: { code: '' }, resolver, reValidateMode: 'onSubmit' });
  const submit = form.handleSubmit(
    async ({ code }) => {
      beforeSubmit();
      await send(code.trim());
    },
    beforeSubmit,
  );
  return {
    control: form.control,
    submit,
    submitting: form.formState.isSubmitting,
    problem: form.formState.errors.code?.message,
    clearProblem: () => form.clearErrors(),
  };
}
