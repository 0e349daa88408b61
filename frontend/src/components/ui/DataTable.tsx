import { Button } from '@chakra-ui/react/button';
import { HStack } from '@chakra-ui/react/stack';
import { Table } from '@chakra-ui/react/table';
import { Text } from '@chakra-ui/react/text';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { FiArrowDown, FiArrowUp, FiChevronDown } from 'react-icons/fi';
import { LoadError } from './LoadError';
import { Skeleton } from './Skeleton';

export type SortDirection = 'ascending' | 'descending';
export interface SortState<K extends string = string> {
  key: K;
  direction: SortDirection;
}

export interface DataTableColumn<T, K extends string = string> {
  /** Stable id of the column (the sort key). */
  key: K;
  header: string;
  cell: (row: T) => ReactNode;
  /** Makes the column sortable here (client side): the value rows are ordered by. */
  sortValue?: (row: T) => string | number | null | undefined;
  /** Sortable by the server (controlled `sort`): the header gets its sort button without a `sortValue`. */
  sortable?: boolean;
  /** The cell that names the row (a title): rendered as a row header `<th scope="row">`. */
  rowHeader?: boolean;
  align?: 'start' | 'end';
}

export interface DataTableProps<T, K extends string = string> {
  /** What the table lists: its `<caption>` (visually hidden with `captionHidden` when a heading already says it). */
  caption: string;
  captionHidden?: boolean;
  columns: DataTableColumn<T, K>[];
  /** The rows (all of them, or with `total` the current page only). Undefined while loading. */
  rows: T[] | undefined;
  rowKey: (row: T) => string;
  loading?: boolean;
  /** A load failure: the spec's error line with Try again (`onRetry`) in place of the rows. */
  error?: unknown;
  errorFallback?: string;
  onRetry?: () => void;
  /** The page's failure text, whatever the server said (its helpful detail under it): see LoadError. */
  errorHeadline?: string;
  /**
   * The query the rows come from: its loading and failure are the table's (`loading`, `error` when there are no
   * rows to keep showing, `onRetry` refetching), so a page does not read them itself.
   */
  query?: Pick<UseQueryResult<unknown>, 'isPending' | 'isError' | 'error' | 'data' | 'refetch'>;
  /** What an empty list says. */
  empty?: ReactNode;
  /** Rows per page; paging appears when there is more than one page. */
  pageSize?: number;
  /** Start order for client-side sorting. */
  initialSort?: SortState<K>;
  /**
   * Server-side sorting and paging (the admin lists): pass `sort`/`onSortChange` and `page`/`onPageChange`/`total`;
   * `rows` is then the page the server sent, shown as it is.
   */
  sort?: SortState<K> | null;
  onSortChange?: (sort: SortState<K>) => void;
  page?: number;
  onPageChange?: (page: number) => void;
  total?: number;
  /**
   * Phones (below md): each row as a card, its cells one under another with their column's name, the headers
   * read by screen readers only. The same DOM as the table (CSS only), so nothing is rendered twice.
   */
  cardsOnPhones?: boolean;
}

const PHONE = '@media screen and (max-width: 47.99em)';
/** The card layout of `cardsOnPhones`: rows as blocks, each cell labelled by its `data-label`. */
const CARDS_ON_PHONES = {
  [PHONE]: {
    '& thead tr': { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' },
    '& tbody tr': { display: 'block', borderBottomWidth: '1px', borderColor: 'border', py: '2' },
    '& tbody tr > *': { display: 'block', whiteSpace: 'normal', borderBottomWidth: '0', py: '1' },
    '& tbody tr > [data-label]::before': { content: 'attr(data-label)', display: 'block', fontSize: 'xs', fontWeight: 'medium', color: 'fg.muted' },
  },
} as const;

function compare(a: string | number | null | undefined, b: string | number | null | undefined): number {
  // Missing values sort last whichever the direction is flipped to (see below).
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  return typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b), undefined, { numeric: true });
}

export function sortRows<T>(rows: readonly T[], value: (row: T) => string | number | null | undefined, direction: SortDirection): T[] {
  const sign = direction === 'ascending' ? 1 : -1;
  return [...rows].sort((x, y) => {
    const a = value(x);
    const b = value(y);
    if (a === null || a === undefined || b === null || b === undefined) return compare(a, b);
    return sign * compare(a, b);
  });
}

/**
 * A list as a real `<table>`: a caption, column headers, sort buttons (`aria-sort` on the sorted column's header),
 * Previous/Next paging, and the loading (skeleton rows), error and empty states in the body, so the table keeps its
 * place on the page in each. Sorting and paging are done here on `rows`, or by the server when controlled.
 */
export function DataTable<T, K extends string = string>(props: DataTableProps<T, K>) {
  const { caption, captionHidden, columns, rows, rowKey, query, errorFallback = 'Failed to load data.', errorHeadline, empty = 'Nothing to show yet.', pageSize } = props;
  const loading = props.loading || query?.isPending;
  const error = props.error ?? (query?.isError && query.data === undefined ? query.error : undefined);
  const onRetry = props.onRetry ?? (query ? () => void query.refetch() : undefined);
  const controlledSort = props.onSortChange !== undefined;
  const controlledPage = props.onPageChange !== undefined;
  const [ownSort, setOwnSort] = useState<SortState<K> | null>(props.initialSort ?? null);
  const [ownPage, setOwnPage] = useState(1);
  const sort = controlledSort ? (props.sort ?? null) : ownSort;

  const sortColumn = sort ? columns.find((column) => column.key === sort.key) : undefined;
  const ordered = rows && !controlledSort && sort && sortColumn?.sortValue ? sortRows(rows, sortColumn.sortValue, sort.direction) : (rows ?? []);
  const total = controlledPage ? (props.total ?? ordered.length) : ordered.length;
  const pages = pageSize ? Math.max(1, Math.ceil(total / pageSize)) : 1;
  const page = Math.min(controlledPage ? (props.page ?? 1) : ownPage, pages);
  const shown = pageSize && !controlledPage ? ordered.slice((page - 1) * pageSize, page * pageSize) : ordered;

  const toggleSort = (key: K) => {
    const next: SortState<K> = { key, direction: sort?.key === key && sort.direction === 'ascending' ? 'descending' : 'ascending' };
    if (controlledSort) props.onSortChange?.(next);
    else setOwnSort(next);
    goTo(1);
  };
  const goTo = (next: number) => (controlledPage ? props.onPageChange?.(next) : setOwnPage(next));

  const busy = loading || (rows === undefined && !error);
  let body: ReactNode;
  if (error) {
    body = <FullRow span={columns.length}><LoadError error={error} fallback={errorFallback} headline={errorHeadline} onRetry={onRetry} /></FullRow>;
  } else if (busy) {
    // As many rows as a page holds (or three), each as tall as a row of text: the table does not jump on arrival.
    body = Array.from({ length: Math.min(pageSize ?? 3, 10) }, (_, i) => (
      <Table.Row key={i}>
        {columns.map((column) => (
          <Table.Cell key={column.key}>
            <Skeleton h="4" w="80%" />
          </Table.Cell>
        ))}
      </Table.Row>
    ));
  } else if (shown.length === 0) {
    body = <FullRow span={columns.length}><Text color="fg.muted">{empty}</Text></FullRow>;
  } else {
    body = shown.map((row) => (
      <Table.Row key={rowKey(row)}>
        {columns.map((column) =>
          column.rowHeader ? (
            <Table.ColumnHeader key={column.key} as="th" scope="row" fontWeight="medium" textAlign={column.align} data-label={props.cardsOnPhones ? column.header : undefined}>
              {column.cell(row)}
            </Table.ColumnHeader>
          ) : (
            <Table.Cell key={column.key} textAlign={column.align} data-label={props.cardsOnPhones ? column.header : undefined}>
              {column.cell(row)}
            </Table.Cell>
          ),
        )}
      </Table.Row>
    ));
  }

  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" bg="white" tabIndex={0} role="region" aria-label={caption} data-scroll-x="">
      <Table.Root size="sm" aria-busy={busy || undefined} css={props.cardsOnPhones ? CARDS_ON_PHONES : undefined}>
        <Table.Caption captionSide="top" textAlign="start" fontWeight="semibold" p="3" srOnly={captionHidden}>
          {caption}
        </Table.Caption>
        <Table.Header>
          <Table.Row>
            {columns.map((column) => {
              const sortable = !!column.sortValue || (controlledSort && !!column.sortable);
              const direction = sort?.key === column.key ? sort.direction : undefined;
              return (
                <Table.ColumnHeader key={column.key} scope="col" textAlign={column.align} aria-sort={sortable ? (direction ?? 'none') : undefined}>
                  {sortable ? (
                    <Button variant="ghost" size="xs" px="1" mx="-1" fontWeight="semibold" onClick={() => toggleSort(column.key)}>
                      {column.header}
                      {direction === 'ascending' ? <FiArrowUp aria-hidden /> : direction === 'descending' ? <FiArrowDown aria-hidden /> : <FiChevronDown aria-hidden opacity={0.4} />}
                    </Button>
                  ) : (
                    column.header
                  )}
                </Table.ColumnHeader>
              );
            })}
          </Table.Row>
        </Table.Header>
        <Table.Body>{body}</Table.Body>
      </Table.Root>
      {pages > 1 && !error && (
        <HStack as="nav" aria-label={`${caption} pages`} justify="space-between" p="3" borderTopWidth="1px">
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => goTo(page - 1)}>
            Previous
          </Button>
          <Text fontSize="sm" color="fg.muted" aria-live="polite">
            Page {page} of {pages}
          </Text>
          <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => goTo(page + 1)}>
            Next
          </Button>
        </HStack>
      )}
    </Table.ScrollArea>
  );
}

function FullRow({ span, children }: { span: number; children: ReactNode }) {
  return (
    <Table.Row>
      <Table.Cell colSpan={span} py="6">
        {children}
      </Table.Cell>
    </Table.Row>
  );
}
