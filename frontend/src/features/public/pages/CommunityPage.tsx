import { Text } from '@chakra-ui/react/text';
import { BRAND } from '../brand';
import { AppLink } from '../components/AppLink';
import { NothingYetPage } from '../components/NothingYetPage';

export function CommunityPage() {
  return (
    <NothingYetPage
      title="Community"
      description="The Redpen community: no public forum yet. Students and tutors talk through in-app chat."
      lead="We do not run a public forum or social channels yet."
    >
      <Text>
        Students and tutors talk one-to-one through chat in their dashboards. To tutor on Redpen, read the{' '}
        <AppLink to="/guide/tutor" color={BRAND.primaryStrong} textDecoration="underline">tutor guide</AppLink>.
      </Text>
    </NothingYetPage>
  );
}
