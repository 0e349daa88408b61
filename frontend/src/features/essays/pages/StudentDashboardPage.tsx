import { formatWeekdayDate } from '@redpen/shared/dates';
import { useFirstVisit } from '../../../lib/hooks/useFirstVisit';
import { Box } from '@chakra-ui/react/box';
import { Heading } from '@chakra-ui/react/heading';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Skeleton } from '../../../components/ui/Skeleton';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import type { IconType } from 'react-icons';
import { FiCalendar, FiFileText, FiHelpCircle, FiStar, FiUpload } from 'react-icons/fi';
import { Card, StatCard } from '../../../components/ui/Card';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { useSession } from '../../../lib/session';
import { QueryState } from '../../../components/ui/QueryState';
import { pendingRatingsQuery, studentDashboardQuery } from '../queries';

interface QuickAction {
  label: string;
  description: string;
  icon: IconType;
  /** A route of the app, or (Get Help) a page the spec names whose existence it leaves open: a plain link. */
  to?: '/student/essay-upload' | '/student/interviews' | '/student/essays';
  href?: string;
}

/** The dashboard's four quick actions. */
const QUICK_ACTIONS: QuickAction[] = [
  { label: 'Upload Essay', description: 'Send an essay for expert feedback', icon: FiUpload, to: '/student/essay-upload' },
  { label: 'Schedule Interview', description: 'Book a tutoring or mock interview session', icon: FiCalendar, to: '/student/interviews' },
  { label: 'View Feedback', description: "Read your tutors' reviews", icon: FiFileText, to: '/student/essays' },
  { label: 'Get Help', description: 'Answers and support', icon: FiHelpCircle, href: '/help' },
];

/** "Monday 23 November 2026" (British dates, the viewer's day). */
const today = () => formatWeekdayDate(new Date());

/** The student dashboard: welcome, the three figures, quick actions, and reviews waiting for a rating. */
export function StudentDashboardPage() {
  useDocumentTitle('Dashboard');
  const { user } = useSession();
  const firstVisit = useFirstVisit('dashboard', user?._id);

  return (
    <Stack gap="8">
      <Stack gap="1">
        <Heading as="h1" size="2xl" fontWeight="bold">
          Dashboard
        </Heading>
        <Text fontSize="lg">
          {firstVisit ? 'Welcome' : 'Welcome back'}
          {user?.name ? `, ${user.name}` : ''}!
        </Text>
        <Text color="fg.muted">{today()}</Text>
      </Stack>

      <DashboardFigures />
      <PendingRatings />

      <Stack as="section" gap="4" aria-labelledby="quick-actions">
        <Heading as="h2" size="lg" id="quick-actions">
          Quick Actions
        </Heading>
        <SimpleGrid as="ul" columns={{ base: 1, sm: 2, lg: 4 }} gap="4" listStyleType="none" m="0" p="0">
          {QUICK_ACTIONS.map((action) => (
            <Box as="li" key={action.label}>
              <QuickActionLink action={action} />
            </Box>
          ))}
        </SimpleGrid>
      </Stack>
    </Stack>
  );
}

function DashboardFigures() {
  const dashboard = useQuery(studentDashboardQuery());
  const body = (
    <QueryState
      query={dashboard}
      errorFallback="Failed to load data."
      skeleton={
        <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4" aria-busy="true" aria-label="Loading your figures">
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} height="84px" rounded="lg" />
          ))}
        </SimpleGrid>
      }
      isEmpty={(data) => !data}
      empty={<Text color="fg.muted">No dashboard data available</Text>}
    >
      {(data) => (
        <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
          <StatCard label="Essays Submitted" value={data.essaysSubmitted} />
          <StatCard label="Interviews Completed" value={data.interviewsCompleted} />
          <StatCard label="Average Percentage" value={data.averagePercentage} />
        </SimpleGrid>
      )}
    </QueryState>
  );
  return (
    <section aria-label="Your figures">
      <Card as="div">{body}</Card>
    </section>
  );
}

/** A prompt for reviews accepted but not rated; quiet when there are none or the list cannot load. */
function PendingRatings() {
  const pending = useQuery(pendingRatingsQuery());
  if (!pending.data?.length) return null;
  return (
    <Card>
      <Stack gap="3">
        <HStack gap="2">
          <FiStar aria-hidden />
          <Heading as="h2" size="md">
            Rate your tutors
          </Heading>
        </HStack>
        <Text color="fg.muted">Tell us how these reviews helped you. It takes a few seconds.</Text>
        <Stack as="ul" gap="2" m="0" p="0" listStyleType="none" aria-label="Reviews to rate">
          {pending.data.map((essay) => (
            <li key={essay._id}>
              <RouterLink to="/student/essay/$essayId" params={{ essayId: essay._id }} style={{ textDecoration: 'underline' }}>
                {essay.title}
              </RouterLink>
              {essay.tutorName && (
                <Text as="span" color="fg.muted">
                  {' '}
                  — reviewed by {essay.tutorName}
                </Text>
              )}
            </li>
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}

function QuickActionLink({ action }: { action: QuickAction }) {
  const content = (
    <Stack gap="2" h="full" bg="white" rounded="xl" borderWidth="1px" borderColor="gray.200" p="5" _hover={{ borderColor: 'brand.500' }}>
      <Box color="brand.600" fontSize="2xl">
        <action.icon aria-hidden />
      </Box>
      <Text fontWeight="semibold">{action.label}</Text>
      <Text fontSize="sm" color="fg.muted">
        {action.description}
      </Text>
    </Stack>
  );
  const linkStyle = { display: 'block', height: '100%', borderRadius: '0.75rem' };
  return action.to ? (
    <RouterLink to={action.to} style={linkStyle}>
      {content}
    </RouterLink>
  ) : (
    <a href={action.href} style={linkStyle}>
      {content}
    </a>
  );
}
