import { Box } from '@chakra-ui/react/box';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Text } from '@chakra-ui/react/text';
import { BRAND } from '../brand';
import { AppLink } from '../components/AppLink';
import { ContentPage } from '../components/ContentPage';
import type { SiteLink } from '../content/site';

const TOPICS: (SiteLink & { text: string })[] = [
  { to: '/guide/student', label: 'Student guide', text: 'Uploading essays, paying, reading feedback and booking sessions.' },
  { to: '/guide/tutor', label: 'Tutor guide', text: 'Onboarding, approval, marking essays, running sessions and getting paid.' },
  { to: '/faq', label: 'FAQ', text: 'Quick answers about essay reviews, mock interviews and pricing.' },
  { to: '/pricing', label: 'Pricing', text: 'Per-word essay prices and a calculator.' },
  { to: '/support', label: 'Support', text: 'Refunds, account problems and what to do if something goes wrong.' },
  { to: '/contact', label: 'Contact us', text: 'Send a message to the Redpen team.' },
];

export function HelpPage() {
  return (
    <ContentPage
      title="Help centre"
      description="Guides and answers for Redpen students and tutors: essays, sessions, payments and accounts."
      lead="Find guides and answers for students and tutors."
    >
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        {TOPICS.map((topic) => (
          <Box key={topic.to} bg="white" rounded="lg" borderWidth="1px" borderColor="gray.200" p="5">
            <AppLink to={topic.to} fontSize="lg" fontWeight="semibold" color={BRAND.primaryStrong}>
              {topic.label}
            </AppLink>
            <Text mt="1" color="gray.700">
              {topic.text}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
    </ContentPage>
  );
}
