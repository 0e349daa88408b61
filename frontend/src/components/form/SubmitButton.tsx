import { Button, type ButtonProps } from '@chakra-ui/react/button';
import { useHydrated } from '../../lib/useHydrated';

/**
 * A form's submit button (brand colours unless told otherwise). Disabled until React has taken over the page:
 * on a prerendered form, a click before that would submit natively, by GET, with the typed values (a password,
 * say) in the URL. On pages rendered in the browser it is enabled from the first render.
 */
export function SubmitButton({ disabled = false, ...props }: Omit<ButtonProps, 'type'>) {
  const hydrated = useHydrated();
  return <Button type="submit" colorPalette="brand" {...props} disabled={disabled || !hydrated} />;
}
