import { useNavigate } from '@tanstack/react-router';
import { useId, useRef, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { apiUpload, errorMessage, isApiError } from '../../../api/client';
import { toastSuccess } from '../../../components/ui/toaster';
import { useSession } from '../../../lib/session';
import {
  EMPTY_FILES,
  EMPTY_VALUES,
  ONBOARDING_MESSAGES,
  buildOnboardingFormData,
  errorsFromApi,
  validateBasicInfo,
  validateVerification,
  withoutRowErrors,
  type OnboardingFiles,
  type OnboardingValues,
  type StepErrors,
} from '../schemas';

export const STEPS = ['Basic Info', 'Verification'] as const;

/**
 * The onboarding form's state and steps (spec part 1 §4, §5): the values (react-hook-form), the files (kept
 * beside them: File objects are not form values), each step checked by its rules in `schemas.ts` before moving
 * on, the upload with its progress, and the server's refusals mapped back onto the step that holds the field.
 */
export function useOnboardingForm() {
  const formId = useId();
  const navigate = useNavigate();
  const { signIn, updateUser, setCurrentRole } = useSession();
  const bannerRef = useRef<HTMLDivElement>(null);
  const [step, setStep] = useState<0 | 1>(0);
  const [errors, setErrors] = useState<StepErrors>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [files, setFiles] = useState<OnboardingFiles>(EMPTY_FILES);
  const [progress, setProgress] = useState<number | null>(null);
  const { register, control, getValues, watch, handleSubmit } = useForm<OnboardingValues>({ defaultValues: EMPTY_VALUES });
  const aLevels = useFieldArray({ control, name: 'aLevels' });

  const showBanner = (message: string) => {
    setBanner(message);
    requestAnimationFrame(() => bannerRef.current?.focus());
  };

  const next = () => {
    const found = validateBasicInfo(getValues(), files);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      showBanner(ONBOARDING_MESSAGES.banner);
      return;
    }
    setBanner(null);
    setStep(1);
    window.scrollTo({ top: 0 });
  };

  const submit = handleSubmit(async (values) => {
    const found = validateVerification(values, files);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      showBanner(found.hasRight === ONBOARDING_MESSAGES.noRight ? ONBOARDING_MESSAGES.noRight : ONBOARDING_MESSAGES.banner);
      return;
    }
    setBanner(null);
    setProgress(0);
    try {
      const response = await apiUpload('/api/tutor/update-info', buildOnboardingFormData(values, files), { onProgress: setProgress });
      if (response?.token && response.user) signIn({ token: response.token, user: response.user, currentRole: 'tutor' });
      updateUser({ onboardingCompleted: true, profiles: { tutor: true } });
      setCurrentRole('tutor');
      toastSuccess(response?.message || 'Your profile has been submitted for review.');
      await navigate({ to: '/tutor/dashboard', replace: true });
    } catch (error) {
      setProgress(null);
      if (isApiError(error) && error.errors.length) {
        const refused = errorsFromApi(error.errors);
        setErrors(refused.errors);
        setStep(refused.step);
      }
      showBanner(errorMessage(error, ONBOARDING_MESSAGES.submissionFailed));
    }
  });

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
      setFiles((current) => ({
        ...current,
        [name]: name === 'universityDocuments' || name === 'gcseDocuments' ? list : (list[0] ?? null),
      })),
    asList: (file: File | null) => (file ? [file] : []),
    /** A removed row's index-keyed messages would land on the row that moves up: drop them. */
    clearRowErrors: (list: 'aLevels' | 'subjects') => setErrors((current) => withoutRowErrors(current, list)),
    step,
    banner,
    bannerRef,
    progress,
    uploading: progress !== null,
    next,
    back: () => setStep(0),
    submit,
  };
}

export type OnboardingFormState = ReturnType<typeof useOnboardingForm>;
