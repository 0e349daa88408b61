import { CloseButton } from '@chakra-ui/react/button';
import { Drawer } from '@chakra-ui/react/drawer';
import { Portal } from '@chakra-ui/react/portal';
import { drawerSlotRecipe } from '@chakra-ui/react/theme';
import type { ReactNode } from 'react';
import { registerSlotRecipes } from '../../theme/system';

registerSlotRecipes({ drawer: drawerSlotRecipe });

export interface MobileNavDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The drawer's width in px (the expanded sidebar's). */
  width: number;
  header: ReactNode;
  children: ReactNode;
}

/**
 * The dashboard's navigation below lg, sliding in from the start. A module of its own: the dialog machine, focus
 * trap and scroll lock it needs (~20 KB gzip) load when the menu button is first pointed at, focused or pressed,
 * not with every page.
 */
export default function MobileNavDrawer({ open, onOpenChange, width, header, children }: MobileNavDrawerProps) {
  return (
    <Drawer.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} placement="start" size="xs">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content maxW={`${width}px`}>
            <Drawer.Header borderBottomWidth="1px" borderColor="gray.200" py="4">
              {header}
              <Drawer.Title srOnly>Navigation menu</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body p="0" display="flex" flexDirection="column">
              {children}
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close navigation menu" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
