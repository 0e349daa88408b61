import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../api/client';
import { toastError, toastSuccess } from '../../../components/ui/toaster';
import { adminKeys, approveTutor, rejectTutor, reviewTutorChange, type ApproveTutorBody, type ReviewChangeBody } from '../queries';

/** The admin's three decisions on a tutor; each refreshes the queue, the dashboard's counts and the tutor lists. */
export function useTutorDecisions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.all });

  const approve = useMutation({
    mutationFn: (body: ApproveTutorBody) => approveTutor(body),
    onSuccess: () => {
      toastSuccess('Tutor approvals updated successfully');
      return refresh();
    },
    onError: () => toastError('Error updating tutor approvals'),
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
    onError: (error) => toastError(errorMessage(error, 'Error reviewing the change')),
  });
  return { approve, reject, review };
}
