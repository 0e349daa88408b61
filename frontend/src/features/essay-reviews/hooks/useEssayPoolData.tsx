import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { ACADEMIC_LEVELS, ESSAY_SUBJECTS, LEVELS_FOR_STUDY_LEVEL, academicLevelOf, studyLevelOf, type AcademicLevel } from '@redpen/shared/essay-levels';
import { errorCode, errorMessage, isApiError } from '../../../api/client';
import { chatKeys } from '../../../components/chat/chat-keys';
import { toaster } from '../../../components/ui/toaster';
import { useDebouncedValue } from '../../../lib/hooks/useDebouncedValue';
import { essayPoolQuery, essayReviewsApi, essayReviewsKeys } from '../queries';
import { MESSAGES, type TutorEssay } from '../rules';
import { validatePoolSearch, type PoolSearch } from '../search';

/** How long the search box waits for typing to stop before asking the server. */
export const SEARCH_DEBOUNCE_MS = 400;

/** The pool refuses tutors not approved for essays: 403 with the code TUTOR_NOT_APPROVED. */
export const notApproved = (error: unknown) => errorCode(error) === 'TUTOR_NOT_APPROVED' || (isApiError(error) && error.status === 403);

/**
 * /tutor/essay-pool's data and state: the pool for the URL's filters (the previous list stays while the next loads),
 * the search box settled into the URL, the levels the tutor may see, and Accept with its outcomes.
 */
export function useEssayPoolData(urlSearch: PoolSearch, studyLevel: string | null | undefined) {
  // Checked again here: the router also hands a route the keys its validator dropped (the root's raw search).
  const search = validatePoolSearch({ ...urlSearch });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const filters = { level: search.level, subject: search.subject, search: search.search?.trim() || undefined };
  const pool = useQuery({ ...essayPoolQuery(filters), placeholderData: keepPreviousData });
  const [blocked, setBlocked] = useState(false);

  const [text, setText] = useState(search.search ?? '');
  const settled = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    const next = settled.trim() || undefined;
    if (next !== (search.search?.trim() || undefined)) {
      void navigate({ to: '/tutor/essay-pool', search: (prev) => ({ ...prev, search: next }), replace: true });
    }
    // Only a settled change of the text moves the URL (not a change of the URL itself).
  }, [settled]);

  const setLevel = (value: string) => {
    const level = academicLevelOf(value);
    void navigate({ to: '/tutor/essay-pool', search: (prev) => ({ ...prev, level, subject: undefined }) });
  };
  const setSubject = (value: string) => {
    void navigate({ to: '/tutor/essay-pool', search: (prev) => ({ ...prev, subject: value || undefined }) });
  };

  const accept = useMutation({
    mutationFn: (essay: TutorEssay) => essayReviewsApi.accept(essay._id),
    onSuccess: (_accepted, essay) => {
      queryClient.setQueriesData<TutorEssay[]>({ queryKey: essayReviewsKeys.pools() }, (list) => list?.filter((e) => e._id !== essay._id));
      void queryClient.invalidateQueries({ queryKey: essayReviewsKeys.mine() });
      // The new student is a contact from this moment: the chats and the sidebar's list load them again.
      void queryClient.invalidateQueries({ queryKey: chatKeys.contacts('tutor') });
      toaster.create({
        type: 'success',
        title: 'Essay accepted',
        description: 'Agree the word count with the student within 24 hours, here in the discussion.',
        closable: true,
        duration: 8_000,
      });
      // Straight to this essay's word-count discussion (not the chat list with another thread selected).
      void navigate({ to: '/tutor/chat/$essayId', params: { essayId: essay._id } });
    },
    onError: (error) => {
      if (errorCode(error) === 'ESSAY_ALREADY_ACCEPTED') {
        toaster.create({ type: 'error', title: MESSAGES.alreadyAccepted, closable: true });
        void queryClient.invalidateQueries({ queryKey: essayReviewsKeys.pools() });
      } else if (errorCode(error) === 'SELF_DEALING') {
        // Their own essay (a student who is also a tutor): the pool they are shown leaves it out; say why, refresh.
        toaster.create({ type: 'error', title: errorMessage(error, 'You cannot review your own essay.'), closable: true });
        void queryClient.invalidateQueries({ queryKey: essayReviewsKeys.pools() });
      } else if (notApproved(error)) {
        setBlocked(true);
      } else {
        // The message clears after 3 s.
        toaster.create({ type: 'error', title: MESSAGES.acceptFailed, description: errorMessage(error, ''), duration: 3000 });
      }
    },
  });

  const visibleLevels: readonly AcademicLevel[] = (() => {
    const ceiling = studyLevelOf(studyLevel);
    return ceiling ? LEVELS_FOR_STUDY_LEVEL[ceiling] : ACADEMIC_LEVELS;
  })();
  const subjects = search.level ? ESSAY_SUBJECTS[search.level] : [];
  const filtered = Boolean(search.level || filters.search);


  return { search, pool, filtered, text, setText, setLevel, setSubject, accept, blocked, visibleLevels, subjects };
}
