import { QueryClient, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { TestProviders } from '../../test/render';
import { QueryState } from './QueryState';

/** A query whose answer the test decides, one call at a time. */
function List({ answers }: { answers: (() => Promise<string[]>)[] }) {
  const query = useQuery({ queryKey: ['items'], queryFn: () => answers.shift()!() });
  return (
    <QueryState query={query} errorFallback="Failed to load items." loadingLabel="Loading items" empty={<p>No items yet.</p>}>
      {(items) => (
        <ul>
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

const renderList = (answers: (() => Promise<string[]>)[]) => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <TestProviders queryClient={queryClient}>
      <List answers={answers} />
    </TestProviders>,
  );
};

describe('QueryState', () => {
  it('shows the skeleton while loading, then the data', async () => {
    let resolve!: (items: string[]) => void;
    renderList([() => new Promise((r) => (resolve = r))]);
    expect(screen.getByLabelText('Loading items')).toHaveAttribute('aria-busy', 'true');
    resolve(['Essay one']);
    expect(await screen.findByText('Essay one')).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading items')).not.toBeInTheDocument();
  });

  it('shows the empty message when there is nothing', async () => {
    renderList([async () => []]);
    expect(await screen.findByText('No items yet.')).toBeInTheDocument();
  });

  it("shows the server's message with Try again, which loads again", async () => {
    renderList([() => Promise.reject(new ApiError(500, { message: 'Database down' })), async () => ['Essay one']]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Database down');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Essay one')).toBeInTheDocument();
  });

  it("falls back to the page's own line when the server said nothing", async () => {
    renderList([() => Promise.reject(new TypeError('Failed to fetch'))]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load items.');
  });
});
