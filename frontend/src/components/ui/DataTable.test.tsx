import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { TestProviders } from '../../test/render';
import { DataTable, type DataTableColumn, type SortState } from './DataTable';

interface Row {
  id: string;
  title: string;
  words: number;
}

const ROWS: Row[] = [
  { id: '1', title: 'Bravo', words: 300 },
  { id: '2', title: 'Alpha', words: 1200 },
  { id: '3', title: 'Charlie', words: 50 },
];

const COLUMNS: DataTableColumn<Row>[] = [
  { key: 'title', header: 'Title', cell: (row) => row.title, sortValue: (row) => row.title, rowHeader: true },
  { key: 'words', header: 'Words', cell: (row) => row.words, sortValue: (row) => row.words, align: 'end' },
  { key: 'note', header: 'Note', cell: () => '—' },
];

const wrap = (ui: React.ReactNode) => render(<TestProviders>{ui}</TestProviders>);
const firstColumn = () => screen.getAllByRole('rowheader').map((cell) => cell.textContent);

describe('DataTable', () => {
  it('is a real table with a caption, column headers and a row header per row', () => {
    wrap(<DataTable caption="Essays" columns={COLUMNS} rows={ROWS} rowKey={(row) => row.id} />);
    const table = screen.getByRole('table', { name: 'Essays' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Title', 'Words', 'Note']);
    expect(firstColumn()).toEqual(['Bravo', 'Alpha', 'Charlie']);
  });

  it('sorts by a column from its header button, toggling the direction, with aria-sort on the header', async () => {
    wrap(<DataTable caption="Essays" columns={COLUMNS} rows={ROWS} rowKey={(row) => row.id} />);
    const header = screen.getByRole('columnheader', { name: /Words/ });
    expect(header).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: 'Note' })).not.toHaveAttribute('aria-sort');

    await userEvent.click(within(header).getByRole('button', { name: /Words/ }));
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    expect(firstColumn()).toEqual(['Charlie', 'Bravo', 'Alpha']);

    await userEvent.click(within(header).getByRole('button', { name: /Words/ }));
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(firstColumn()).toEqual(['Alpha', 'Bravo', 'Charlie']);
  });

  it('sort buttons are reachable and work from the keyboard', async () => {
    wrap(<DataTable caption="Essays" columns={COLUMNS} rows={ROWS} rowKey={(row) => row.id} />);
    await userEvent.tab(); // the scrollable region
    await userEvent.tab();
    expect(screen.getByRole('button', { name: /Title/ })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(firstColumn()).toEqual(['Alpha', 'Bravo', 'Charlie']);
  });

  it('pages the rows with Previous and Next', async () => {
    wrap(<DataTable caption="Essays" columns={COLUMNS} rows={ROWS} rowKey={(row) => row.id} pageSize={2} initialSort={{ key: 'title', direction: 'ascending' }} />);
    expect(firstColumn()).toEqual(['Alpha', 'Bravo']);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(firstColumn()).toEqual(['Charlie']);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('leaves sorting and paging to the server when controlled', async () => {
    const onSortChange = vi.fn();
    const onPageChange = vi.fn();
    function Server() {
      const [sort, setSort] = useState<SortState | null>(null);
      return (
        <DataTable
          caption="Essays"
          columns={[{ key: 'title', header: 'Title', cell: (row: Row) => row.title, sortable: true, rowHeader: true }]}
          rows={ROWS.slice(0, 2)}
          rowKey={(row) => row.id}
          sort={sort}
          onSortChange={(next) => {
            onSortChange(next);
            setSort(next);
          }}
          page={1}
          pageSize={2}
          total={5}
          onPageChange={onPageChange}
        />
      );
    }
    wrap(<Server />);
    await userEvent.click(screen.getByRole('button', { name: /Title/ }));
    expect(onSortChange).toHaveBeenCalledWith({ key: 'title', direction: 'ascending' });
    expect(firstColumn()).toEqual(['Bravo', 'Alpha']); // as the server sent them
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenLastCalledWith(2);
  });

  it('shows skeleton rows while loading, keeping its headers', () => {
    wrap(<DataTable caption="Essays" columns={COLUMNS} rows={undefined} rowKey={(row) => row.id} />);
    const table = screen.getByRole('table', { name: 'Essays' });
    expect(table).toHaveAttribute('aria-busy', 'true');
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(screen.queryAllByRole('rowheader')).toHaveLength(0);
  });

  it('says when there is nothing', () => {
    wrap(<DataTable caption="Essays" columns={COLUMNS} rows={[]} rowKey={(row) => row.id} empty="No essays yet." />);
    expect(within(screen.getByRole('table')).getByText('No essays yet.')).toBeInTheDocument();
  });

  it('shows the error line with Try again in place of the rows', async () => {
    const onRetry = vi.fn();
    const error = new ApiError(500, { message: 'Database down' });
    wrap(<DataTable caption="Essays" columns={COLUMNS} rows={undefined} rowKey={(row) => row.id} error={error} onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Error: Database down');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
