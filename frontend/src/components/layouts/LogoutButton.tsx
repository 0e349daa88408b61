import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { FiLogOut } from 'react-icons/fi';
import { useLogout } from '../../lib/useLogout';

/** The signed-in layouts' Logout: ends the session on the server too (useLogout), then goes to /login. */
export function LogoutButton() {
  const logout = useLogout();
  return (
    <Button variant="ghost" size="sm" aria-label="Logout" onClick={() => void logout()}>
      <FiLogOut aria-hidden />
      <Box as="span" hideBelow="sm">
        Logout
      </Box>
    </Button>
  );
}
