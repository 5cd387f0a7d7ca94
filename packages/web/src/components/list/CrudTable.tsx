import type { ReactNode } from 'react';
import { Button, Form, type FormInstance, Modal, Table, type TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { useT } from '../../i18n';
import { useEditor, useFormSave } from './useFormSave';

/**
 * A small inline CRUD table (a detail page's sub-list): 新增 above the rows, 编辑 on each row that `canEdit`, one dialog
 * whose form (`children`, given the record edited or 'new') saves through `save` (validated; field errors stay in the
 * dialog). Not editable: the rows only.
 */
export function CrudTable<T extends object, V = Record<string, unknown>>({
  rows,
  loading,
  columns,
  editable,
  addLabel,
  blank,
  toForm = (row) => row,
  canEdit = () => true,
  title,
  save,
  children,
  pagination = false,
}: {
  rows: T[] | undefined;
  loading: boolean;
  columns: ColumnsType<T>;
  editable: boolean;
  addLabel: ReactNode;
  /** The form's values for a new record. */
  blank: object;
  /** The form's values for a row being edited (the row itself by default). */
  toForm?: (row: T) => object;
  canEdit?: (row: T) => boolean;
  /** The dialog's title, or its title for the record edited ('new' when adding). */
  title: ReactNode | ((editing: T | 'new') => ReactNode);
  /** Saves the form's values: for the row edited, or a new record when `editing` is null. */
  save: (values: V, editing: T | null) => Promise<unknown>;
  children: (editing: T | 'new' | null, form: FormInstance<V>) => ReactNode;
  pagination?: TableProps<T>['pagination'];
}) {
  const t = useT();
  const saveForm = useFormSave();
  const { editing, open, close } = useEditor<T>();
  const [form] = Form.useForm<V>();
  const set = (values: object) => form.setFieldsValue(values as Parameters<FormInstance<V>['setFieldsValue']>[0]);
  const actions: ColumnsType<T> = editable
    ? [
        {
          key: 'actions',
          title: t('common.actions'),
          render: (_: unknown, r: T) =>
            canEdit(r) ? (
              <Button type="link" size="small" onClick={() => (set(toForm(r)), open(r))}>
                {t('common.edit')}
              </Button>
            ) : null,
        },
      ]
    : [];
  return (
    <>
      {editable && (
        <Button icon={<PlusOutlined />} style={{ marginBottom: 12 }} onClick={() => (set(blank), open('new'))}>
          {addLabel}
        </Button>
      )}
      <Table<T> rowKey={'id' as never} size="small" pagination={pagination} loading={loading} dataSource={rows} columns={[...columns, ...actions]} />
      <Modal
        open={!!editing}
        title={typeof title === 'function' ? (editing ? title(editing) : null) : title}
        forceRender
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        onCancel={close}
        onOk={() => saveForm(form, (v) => save(v, editing === 'new' || !editing ? null : editing), close)}
      >
        <Form form={form} layout="vertical">
          {children(editing, form)}
        </Form>
      </Modal>
    </>
  );
}
