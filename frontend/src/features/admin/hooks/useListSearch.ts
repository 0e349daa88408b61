import { useEffect, useState } from 'react';
import { useDebouncedValue } from '../../../lib/hooks/useDebouncedValue';

/** A search box over a server list: typing is local, the settled text goes to the URL (back to page 1). */
export function useListSearch(urlValue: string, onSettled: (search: string) => void) {
  const [text, setText] = useState(urlValue);
  const settled = useDebouncedValue(text.trim(), 300);
  useEffect(() => {
    if (settled !== urlValue) onSettled(settled);
    // Only a newly settled text moves the URL (not a URL change made elsewhere, e.g. paging).
  }, [settled]);
  return { text, setText };
}
