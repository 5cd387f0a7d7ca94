import type { ReactNode } from 'react';
import { Button, Form, type FormInstance, Select, Space } from 'antd';
import { useT } from '../../i18n';

/**
 * A list's filter form: its fields, then 搜索 and 重置. Searching puts the values in the URL (through `onSearch`, the
 * list query's `setFilters`), so a refresh or a shared link shows the same list; 重置 clears both.
 */
export function FilterBar<V extends object>({
  form,
  name,
  onSearch,
  onSame,
  toValues,
  resetTo,
  children,
  extra,
}: {
  form: FormInstance<V>;
  /** The form's name (prefixes its fields' ids). */
  name?: string;
  onSearch(filters: Record<string, string | number | undefined | null>, onSame?: () => void): void;
  /** Called instead when 搜索 is pressed with the filters already shown (e.g. to refetch the list). */
  onSame?(): void;
  /** The form's values as URL filters (dates → text); by default as they are. */
  toValues?(values: V): Record<string, string | number | undefined | null>;
  /** The filters 重置 applies (e.g. the tab the list is on); none by default. */
  resetTo?: Record<string, string | number | undefined | null>;
  children: ReactNode;
  /** Buttons after 搜索 / 重置 (export, create…). */
  extra?: ReactNode;
}) {
  const t = useT();
  return (
    <Form
      form={form}
      name={name}
      layout="inline"
      className="list-filters"
      onFinish={(v: V) => onSearch(toValues ? toValues(v) : (v as Record<string, string | undefined>), onSame)}
    >
      {children}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('common.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onSearch(resetTo ?? {});
            }}
          >
            {t('common.reset')}
          </Button>
          {extra}
        </Space>
      </Form.Item>
    </Form>
  );
}

/** A filter bar's choice: empty means 全部 (all); clearing it widens the list again. */
export function FilterSelect({
  name,
  label,
  options,
  width = 110,
}: {
  name: string;
  label: ReactNode;
  options: { value: string | number; label: ReactNode }[] | undefined;
  width?: number;
}) {
  const t = useT();
  return (
    <Form.Item name={name} label={label}>
      <Select allowClear style={{ width }} placeholder={t('common.all')} options={options} />
    </Form.Item>
  );
}
