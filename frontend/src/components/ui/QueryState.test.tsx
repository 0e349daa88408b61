import { QueryClient, useQuery } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { TestProviders } from '../../test/render';
import { QueryState, type QueryStateProps } from './QueryState';

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

/** One item, with the failure props under test. */
function Item({ answer, ...props }: { answer: () => Promise<string> } & Partial<Pick<QueryStateProps<string>, 'errorTitle' | 'notFound' | 'errorInline' | 'errorHeadline' | 'errorContent'>>) {
  const query = useQuery({ queryKey: ['item'], queryFn: answer });
  return (
    <QueryState query={query} errorFallback="Failed to load the item." {...props}>
      {(item) => <p>{item}</p>}
    </QueryState>
  );
}

const renderItem = (props: Parameters<typeof Item>[0]) =>
  render(
    <TestProviders queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Item {...props} />
    </TestProviders>,
  );

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

  it('puts the title over the failure, and a 404 says its own thing instead of the failure line', async () => {
    renderItem({ answer: () => Promise.reject(new ApiError(404, { message: 'Not here' })), errorTitle: <h1>Mark Essay</h1>, notFound: <p>Essay not found</p> });
    expect(await screen.findByText('Essay not found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Mark Essay' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it("inline: the headline over the server's message, with Try Again inside the alert", async () => {
    renderItem({ answer: () => Promise.reject(new ApiError(500, { message: 'Database down' })), errorHeadline: 'Failed to load essays', errorInline: true });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load essays');
    expect(alert).toHaveTextContent('Database down');
    expect(within(alert).getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('errorContent replaces the whole failure (a quiet note, no Try again)', async () => {
    renderItem({ answer: () => Promise.reject(new ApiError(500, { message: 'Database down' })), errorContent: <p>Could not be checked.</p> });
    expect(await screen.findByText('Could not be checked.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
