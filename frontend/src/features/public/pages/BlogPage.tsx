import { Text } from '@chakra-ui/react/text';
import { BRAND } from '../brand';
import { AppLink } from '../components/AppLink';
import { NothingYetPage } from '../components/NothingYetPage';

export function BlogPage() {
  return (
    <NothingYetPage
      title="Blog"
      description="The Redpen blog: essay-writing and interview tips. No posts yet."
      lead="We have not published any posts yet. Essay-writing and interview advice will appear here."
    >
      <Text>
        Until then, the <AppLink to="/guide/student" color={BRAND.primaryStrong} textDecoration="underline">student guide</AppLink> explains how to get the
        most from an essay review.
      </Text>
    </NothingYetPage>
  );
}
