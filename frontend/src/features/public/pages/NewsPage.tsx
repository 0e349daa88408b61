import { Text } from '@chakra-ui/react/text';
import { NothingYetPage } from '../components/NothingYetPage';

export function NewsPage() {
  return (
    <NothingYetPage
      title="News"
      description="Redpen news and product updates. Nothing to announce yet."
      lead="No announcements yet. Product updates and changes to our terms will be posted here."
    >
      <Text>Registered users are told by email about significant changes to our terms or privacy policy.</Text>
    </NothingYetPage>
  );
}
