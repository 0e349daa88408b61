import { useNavigate } from '@tanstack/react-router';
import { useId, useRef, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { apiUpload, errorMessage, isApiError } from '../../../api/client';
import { flatErrors, rulesResolver } from '../../../components/form/rules-resolver';
import { toastSuccess } from '../../../components/ui/toaster';
import { useSession } from '../../../lib/session';
import {
  EMPTY_FORM_VALUES,
  ONBOARDING_MESSAGES,
  buildOnboardingFormData,
  errorsFromApi,
  onboardingRules,
  type OnboardingFiles,
  type OnboardingFormValues,
  type OnboardingStep,
} from '../schemas';

export const STEPS = ['Basic Info', 'Verification'] as const;

const resolver = rulesResolver(onboardingRules);

/**
 * The onboarding form's state and steps: the answers and the files in one react-hook-form,
 * checked by the rules in `schemas.ts` (the resolver's context is the step being left), the upload with its
 * progress, and the server's refusals set back onto the step that holds the field.
 */
export function useOnboardingForm() {
  const formId = useId();
  const navigate = useNavigate();
  const { signIn, updateUser, setCurrentRole } = useSession();
  const bannerRef = useRef<HTMLDivElement>(null);
  const [step, setStep] = useState<OnboardingStep>(0);
  const [banner, setBanner] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const { register, control, watch, setValue, handleSubmit, setError, clearErrors, formState } = useForm<OnboardingFormValues, OnboardingStep>({
    defaultValues: EMPTY_FORM_VALUES,
    resolver,
    context: step,
    // The spec's form shows a step's problems from Next (or Submit) until the next Next: no re-check as you type,
    // and the banner, not the first field, takes the focus.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const aLevels = useFieldArray({ control, name: 'aLevels' });
  const errors = flatErrors(formState.errors);
  const files = watch('files');

  const showBanner = (message: string) => {
    setBanner(message);
    requestAnimationFrame(() => bannerRef.current?.focus());
  };

  const refused = (found: typeof formState.errors) => {
    const problems = flatErrors(found);
    showBanner(problems.hasRight === ONBOARDING_MESSAGES.noRight ? ONBOARDING_MESSAGES.noRight : ONBOARDING_MESSAGES.banner);
  };

  const next = handleSubmit(() => {
    setBanner(null);
    setStep(1);
    window.scrollTo({ top: 0 });
  }, refused);

  const upload = handleSubmit(async (values) => {
    setBanner(null);
    setProgress(0);
    try {
      const response = await apiUpload('/api/tutor/update-info', buildOnboardingFormData(values, values.files), { onProgress: setProgress });
      if (response?.token && response.user) signIn({ token: response.token, user: response.user, currentRole: 'tutor' });
      updateUser({ onboardingCompleted: true, profiles: { tutor: true } });
      setCurrentRole('tutor');
      toastSuccess(response?.message || 'Your profile has been submitted for review.');
      await navigate({ to: '/tutor/dashboard', replace: true });
    } catch (error) {
      setProgress(null);
      if (isApiError(error) && error.errors.length) {
        const refusal = errorsFromApi(error.errors);
        for (const [field, message] of Object.entries(refusal.errors)) setError(field as keyof OnboardingFormValues, { type: 'server', message });
        setStep(refusal.step);
      }
      showBanner(errorMessage(error, ONBOARDING_MESSAGES.submissionFailed));
    }
  }, refused);

  return {
    formId,
    /** A field's element id, unique to this form. */
    id: (name: string) => `${formId}-${name}`,
    err: (name: string): string | undefined => errors[name],
    errors,
    register,
    control,
    aLevels,
    /** The answers that decide which fields show. */
    watched: {
      motivation: watch('motivation'),
      hasRight: watch('hasRight'),
      nationality: watch('nationality'),
      documentType: watch('documentType'),
      hasDBS: watch('hasDBS'),
      appliedForDBS: watch('appliedForDBS'),
    },
    files,
    setFile: (name: keyof OnboardingFiles) => (list: File[]) =>
      setValue(`files.${name}`, name === 'universityDocuments' || name === 'gcseDocuments' ? list : (list[0] ?? null)),
    asList: (file: File | null) => (file ? [file] : []),
    /** A removed row's index-keyed messages would land on the row that moves up: drop them. */
    clearRowErrors: (list: 'aLevels' | 'subjects') => clearErrors(list),
    step,
    banner,
    bannerRef,
    progress,
    uploading: progress !== null,
    back: () => setStep(0),
    /** The form's submit: on Basic Info it moves on (Next, or Enter in a field); on Verification it uploads. */
    submit: step === 0 ? next : upload,
  };
}

export type OnboardingFormState = ReturnType<typeof useOnboardingForm>;
