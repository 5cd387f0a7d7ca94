import type { ReactNode } from 'react';
import { Form, type FormInstance } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Call, CallData, CallInput } from '@waystation/shared/contract/call';
import { call as callApi } from '../../api/request';
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
  useFormFromQuery(form, toForm ? toForm(filters) : filters);
  return { form: form as FormInstance, query, page, limit, filters, params: { ...filters, page, limit }, setFilters, setPage };
}

export type ListPageState<F extends object = object> = ReturnType<typeof useListPage<F>>;

/** A list's GET call made with the page's filters and paging (the previous page stays shown while the next loads). */
export function useListCall<C extends Call>(declared: C, input: CallInput<C>, enabled = true) {
  return useQuery<CallData<C>>({
    queryKey: [declared.url, input],
    queryFn: () => (callApi as (c: C, i: CallInput<C>) => Promise<CallData<C>>)(declared, input),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/**
 * The list page kit: FilterBar (the `children` are its fields) with 导出 and the `toolbar` buttons after 搜索 / 重置,
 * then the ListTable of `result` paged through the URL.
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
  ...table
}: {
  list: ListPageState;
  result: { data?: { list: T[]; total: number }; isFetching: boolean };
  columns: ResizableColumn<T>[];
  /** 导出 of every row the filters select: the list's call and the file's name. */
  exportAs?: { call: Call; name: string };
  toolbar?: ReactNode;
  children: ReactNode;
  /** The filter form's name (prefixes its fields' ids). */
  name?: string;
  /** The form's values as URL filters (e.g. with a filter chosen outside the form); as they are by default. */
  toValues?: (values: Record<string, unknown>) => Record<string, string | number | undefined | null>;
  /** The filters 重置 applies; none by default. */
  resetTo?: Record<string, string | number | undefined | null>;
} & Omit<Parameters<typeof ListTable<T>>[0], 'columns' | 'result' | 'page' | 'limit' | 'onPage'>) {
  return (
    <>
      <FilterBar
        form={list.form}
        name={name}
        onSearch={list.setFilters}
        toValues={toValues}
        resetTo={resetTo}
        extra={
          exportAs || toolbar ? (
            <>
              {exportAs && (
                <ExportButton call={exportAs.call} params={list.filters as Record<string, unknown>} columns={exportColumnsOf(columns)} name={exportAs.name} />
              )}
              {toolbar}
            </>
          ) : undefined
        }
      >
        {children}
      </FilterBar>
      <ListTable<T> {...table} columns={columns} result={result} page={list.page} limit={list.limit} onPage={list.setPage} />
    </>
  );
}
