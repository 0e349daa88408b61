import { Heading } from '@chakra-ui/react/heading';
import { Link } from '@chakra-ui/react/link';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import { Card, StatCard } from '../../../components/ui/Card';
import { QueryState } from '../../../components/ui/QueryState';
import { CardGridSkeleton } from '../../../components/ui/Skeleton';
import { AdminPageHeader } from '../components/AdminBits';
import { dashboardQuery, type DashboardData } from '../queries';

const FIGURES: {
  key: keyof Omit<DashboardData, 'needsAttention'>;
  label: string;
}[] = [
  { key: 'totalUsers', label: 'Total Users' },
  { key: 'totalStudents', label: 'Total Students' },
  { key: 'totalTutors', label: 'Total Tutors' },
  { key: 'activeEssays', label: 'Active Essays' },
  { key: 'pendingEssays', label: 'Pending Essays' },
  { key: 'completedEssays', label: 'Completed Essays' },
];

/** What waits for an admin, each with the screen that handles it (Bull Board is served by the API, not a route). */
const ATTENTION: {
  key: keyof DashboardData['needsAttention'];
  label: string;
  to?: '/admin/tutors' | '/admin/content';
  href?: string;
}[] = [
  {
    key: 'tutorApplications',
    label: 'Tutors waiting for approval',
    to: '/admin/tutors',
  },
  {
    key: 'dbsCertificates',
    label: 'DBS certificates to verify',
    to: '/admin/tutors',
  },
  {
    key: 'profilePictures',
    label: 'Profile pictures waiting',
    to: '/admin/tutors',
  },
  {
    key: 'studyLevelChanges',
    label: 'Study level changes waiting',
    to: '/admin/tutors',
  },
  {
    key: 'safeguarding',
    label: 'Open safeguarding reports',
    to: '/admin/content',
  },
  {
    key: 'failedJobs',
    label: 'Failed jobs in the queues',
    href: '/api/admin/queues',
  },
];

export function AdminDashboardPage() {
  const dashboard = useQuery(dashboardQuery());
  return (
    <Stack gap="6">
      <AdminPageHeader
        title="Dashboard"
        subtitle="Users and essays across the platform"
        aside={
          <Link asChild color="brand.600" fontWeight="medium">
            <RouterLink to="/admin/tutors">Review tutor applications</RouterLink>
          </Link>
        }
      />
      <QueryState
        query={dashboard}
        errorFallback="Failed to load dashboard data"
        errorHeadline="Failed to load dashboard data"
        skeleton={<CardGridSkeleton label="Loading dashboard" count={6} height="24" />}
      >
        {(data) => (
          <Stack gap="6">
            <SimpleGrid columns={{ base: 2, md: 3 }} gap="4">
              {FIGURES.map((figure) => (
                <StatCard key={figure.key} label={figure.label} value={data[figure.key]} />
              ))}
            </SimpleGrid>
            <Card>
              <Heading as="h2" size="md" mb="3">
                Needs attention
              </Heading>
              <Stack as="ul" gap="2" listStyleType="none">
                {ATTENTION.map((item) => {
                  const count = data.needsAttention[item.key];
                  const label = `${item.label}: ${count}`;
                  return (
                    <li key={item.key}>
                      {count === 0 ? (
                        <Text color="fg.muted">{label}</Text>
                      ) : item.to ? (
                        <Link asChild color="brand.600" fontWeight="medium">
                          <RouterLink to={item.to}>{label}</RouterLink>
                        </Link>
                      ) : (
                        <Link href={item.href} color="brand.600" fontWeight="medium" target="_blank" rel="noreferrer">
                          {label}
                        </Link>
                      )}
                    </li>
                  );
                })}
              </Stack>
            </Card>
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
