import type { TableProps } from 'antd';
import { useT } from '../../i18n';
import { ResizableTable, type ResizableColumn } from '../ResizableTable';

/**
 * A list's table: resizable columns kept per route and column (SPEC §9), sideways scrolling past the key columns, and
 * the paging every list has (page and size in the URL through `onPage`, the total shown).
 */
export function ListTable<T extends object>({
  columns,
  result,
  rows = result?.data?.list,
  total = result?.data?.total,
  loading = result?.isFetching ?? false,
  page,
  limit,
  onPage,
  paged = true,
  totalSuffix = '',
  inexact = false,
  ...rest
}: Omit<TableProps<T>, 'columns' | 'dataSource' | 'pagination' | 'loading'> & {
  columns: ResizableColumn<T>[];
  /** The list's query result (rows, total and loading from it), or the three given one by one. */
  result?: { data?: { list: T[]; total: number }; isFetching: boolean };
  rows?: T[];
  total?: number;
  loading?: boolean;
  page: number;
  limit: number;
  onPage(page: number, limit?: number): void;
  /** False while a keyset (cursor) page is shown: the list then pages with its own next/first buttons. */
  paged?: boolean;
  /** After the total, e.g. "(estimate)" when the server counted approximately. */
  totalSuffix?: string;
  /** The total is a lower bound (the server stopped counting): shown as "共 10000+ 条". */
  inexact?: boolean;
}) {
  const t = useT();
  return (
    <ResizableTable<T>
      rowKey={'id' as never}
      scroll={{ x: 'max-content' }}
      {...rest}
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={
        paged && {
          current: page,
          pageSize: limit,
          total: total ?? 0,
          showSizeChanger: true,
          showTotal: (n) => `${t('common.total', { total: inexact ? `${n}+` : n })}${totalSuffix}`,
          onChange: onPage,
        }
      }
    />
  );
}
