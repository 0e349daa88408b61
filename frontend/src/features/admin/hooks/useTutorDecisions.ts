import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorCode, errorMessage } from '../../../api/client';
import { toastError, toaster, toastSuccess } from '../../../components/ui/toaster';
import { adminKeys, approveTutor, rejectTutor, reviewTutorChange, type ApproveTutorBody, type ReviewChangeBody } from '../queries';

export const REQUEST_CHANGED = 'The tutor changed this request';

/**
 * The admin's three decisions on a tutor; each refreshes the queue, the dashboard's counts and the tutor lists. A
 * decision names what the admin saw: when the tutor asked again meanwhile (CHANGE_SUPERSEDED) or withdrew the request
 * (NOTHING_TO_REVIEW), nothing was decided, a notice says so and the queue reloads to show the current request.
 */
export function useTutorDecisions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.all });
  const changedMeanwhile = (error: unknown) => {
    const code = errorCode(error);
    if (code !== 'CHANGE_SUPERSEDED' && code !== 'NOTHING_TO_REVIEW') return false;
    toaster.create({ type: 'warning', title: REQUEST_CHANGED, description: errorMessage(error, 'Please review the current request.'), closable: true });
    void refresh();
    return true;
  };

  const approve = useMutation({
    mutationFn: (body: ApproveTutorBody) => approveTutor(body),
    onSuccess: () => {
      toastSuccess('Tutor approvals updated successfully');
      return refresh();
    },
    onError: (error) => {
      if (!changedMeanwhile(error)) toastError('Error updating tutor approvals');
    },
  });
  const reject = useMutation({
    mutationFn: ({ tutorId, reason }: { tutorId: string; reason: string }) => rejectTutor(tutorId, reason),
    onSuccess: () => {
      toastSuccess('Application rejected; the tutor has been emailed');
      return refresh();
    },
    onError: (error) => toastError(errorMessage(error, 'Error rejecting the application')),
  });
  const review = useMutation({
    mutationFn: (body: ReviewChangeBody) => reviewTutorChange(body),
    onSuccess: (_data, body) => {
      toastSuccess(`${body.change === 'profilePicture' ? 'Profile picture' : 'Study level'} ${body.approve ? 'approved' : 'rejected'}`);
      return refresh();
    },
    onError: (error) => {
      if (!changedMeanwhile(error)) toastError(errorMessage(error, 'Error reviewing the change'));
    },
  });
  return { approve, reject, review };
}
