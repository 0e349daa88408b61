import { Box } from '@chakra-ui/react/box';

export const MAIN_CONTENT_ID = 'main-content';

/** First focusable element on every page: jumps keyboard users past the navigation. */
export function SkipLink() {
  return (
    <Box
      asChild
      position="absolute"
      left="2"
      top="2"
      zIndex="skipNav"
      px="4"
      py="2"
      bg="white"
      color="fg"
      fontWeight="semibold"
      rounded="md"
      shadow="md"
      transform="translateY(-200%)"
      _focusVisible={{ transform: 'translateY(0)', outline: '2px solid', outlineColor: 'brand.500' }}
    >
      <a href={`#${MAIN_CONTENT_ID}`}>Skip to main content</a>
    </Box>
  );
}
