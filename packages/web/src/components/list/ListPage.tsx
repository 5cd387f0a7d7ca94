import type { ReactNode } from 'react';
import { Form, type FormInstance, Space } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Call, CallData, CallInput } from '@waystation/shared/contract/call';
import type { ExportColumn } from '@waystation/shared/contract/export';
import { call as callApi } from '../../api/request';
import { LIST_KEY } from '../../api/queryClient';
import { useListQuery } from '../useListQuery';
import { useFormFromQuery } from '../useFormFromQuery';
import type { ResizableColumn } from '../ResizableTable';
import { FilterBar } from './FilterBar';
import { ExportButton, exportColumnsOf } from './ExportButton';
import { ListTable } from './ListTable';

/**
 * A list page's state: its filters read from the URL (`parse` turns the URL query into the list's filters), the filter
 * form kept in step with them (as `toForm` shows them, e.g. two dates as one range; as they are by default), page and
 * size. Hand it to `<ListPage>` with the list's query result.
 */
export function useListPage<F extends object>(parse: (query: Record<string, string>) => F, toForm?: (filters: F) => object) {
  const { query, page, limit, setFilters, setPage } = useListQuery();
  const [form] = Form.useForm();
  const filters = parse(query);
  const { searched } = useFormFromQuery(form, toForm ? toForm(filters) : filters);
  const search: typeof setFilters = (next, onSame) => {
    searched();
    setFilters(next, onSame);
  };
  return { form: form as FormInstance, query, page, limit, filters, params: { ...filters, page, limit }, setFilters: search, setPage };
}

export type ListPageState<F extends object = object> = ReturnType<typeof useListPage<F>>;

/**
 * A list's GET call made with the page's filters and paging (the previous page stays shown while the next loads). Any
 * write through `call` refreshes it (LIST_KEY). `enabled` false: not yet (a filter it needs is missing); `refetchInterval`:
 * polled while shown.
 */
export function useListCall<C extends Call>(declared: C, input: CallInput<C>, opts: boolean | { enabled?: boolean; refetchInterval?: number } = {}) {
  const { enabled = true, refetchInterval } = typeof opts === 'boolean' ? { enabled: opts } : opts;
  return useQuery<CallData<C>>({
    queryKey: [LIST_KEY, declared.url, input],
    queryFn: () => (callApi as (c: C, i: CallInput<C>) => Promise<CallData<C>>)(declared, input),
    placeholderData: keepPreviousData,
    enabled,
    refetchInterval,
  });
}

/**
 * The list page kit: what sits `above` the list (tabs, a summary), the FilterBar (the `children` are its fields) with 导出
 * and the `toolbar` buttons after 搜索 / 重置, then the ListTable of `result` paged through the URL. A list without
 * filters (no `children`) shows its `toolbar` alone above the table.
 */
export function ListPage<T extends object>({
  list,
  result,
  columns,
  exportAs,
  toolbar,
  children,
  name,
  toValues,
  resetTo,
  onSame,
  above,
  beforeTable,
  ...table
}: {
  list: ListPageState;
  result: { data?: { list: T[]; total: number }; isFetching: boolean };
  columns: ResizableColumn<T>[];
  /**
   * 导出 of every row the filters select: the list's call and the file's name; `params` when the list adds filters of its
   * own to the URL's; `columns` when the file has columns the table does not show (by default the table's).
   */
  exportAs?: { call: Call; name: string; params?: Record<string, unknown>; columns?: ExportColumn[] };
  toolbar?: ReactNode;
  /** The filter form's fields; none: no filter bar. */
  children?: ReactNode;
  /** Shown above the filters (tabs, a summary). */
  above?: ReactNode;
  /** Shown between the filters and the table (totals of what the filters select, with their actions). */
  beforeTable?: ReactNode;
  /** Called instead of a search when 搜索 is pressed with the filters already shown (e.g. to refetch). */
  onSame?(): void;
  /** The filter form's name (prefixes its fields' ids). */
  name?: string;
  /** The form's values as URL filters (e.g. with a filter chosen outside the form); as they are by default. */
  toValues?: (values: Record<string, unknown>) => Record<string, string | number | undefined | null>;
  /** The filters 重置 applies; none by default. */
  resetTo?: Record<string, string | number | undefined | null>;
} & Omit<Parameters<typeof ListTable<T>>[0], 'columns' | 'result' | 'page' | 'limit' | 'onPage'>) {
  const exportButton = exportAs && (
    <ExportButton
      call={exportAs.call}
      params={(exportAs.params ?? list.filters) as Record<string, unknown>}
      columns={exportAs.columns ?? exportColumnsOf(columns)}
      name={exportAs.name}
    />
  );
  const extra =
    exportButton || toolbar ? (
      <>
        {exportButton}
        {toolbar}
      </>
    ) : undefined;
  return (
    <>
      {above}
      {children ? (
        <FilterBar form={list.form} name={name} onSearch={list.setFilters} onSame={onSame} toValues={toValues} resetTo={resetTo} extra={extra}>
          {children}
        </FilterBar>
      ) : (
        <>
          {/* No filters: the list's form is still kept in step with the URL, so it is bound to an invisible form. */}
          <Form form={list.form} component={false} />
          {extra && <Space style={{ marginBottom: 16 }}>{extra}</Space>}
        </>
      )}
      {beforeTable}
      <ListTable<T> {...table} columns={columns} result={result} page={list.page} limit={list.limit} onPage={list.setPage} />
    </>
  );
}
