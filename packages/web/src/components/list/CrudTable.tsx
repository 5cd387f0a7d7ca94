import { type ReactNode, useState } from 'react';
import { Button, Form, type FormInstance, Modal, Table, type TableProps } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useT } from '../../i18n';
import { ResizableTable, type ResizableColumn } from '../ResizableTable';
import { useEditor, useFormSave } from './useFormSave';

/**
 * A small inline CRUD table (a detail page's sub-list): 新增 above the rows (when there is an `addLabel`), 编辑 (or
 * `editLabel`) on each row that `canEdit`, one dialog whose form (`children`, given the record edited or 'new') saves
 * through `save` (validated; field errors stay in the dialog). Not editable: the rows only. The dialog's form exists
 * only while it is open, so several of these tables on one page do not share field ids.
 */
export function CrudTable<T extends object, V = Record<string, unknown>>({
  rows,
  loading,
  columns,
  editable,
  addLabel,
  editLabel,
  blank = {},
  toForm = (row) => row,
  canEdit = () => true,
  title,
  okText,
  save,
  children,
  pagination = false,
  rowKey = 'id' as keyof T & string,
  resizable = false,
  size,
}: {
  rows: T[] | undefined;
  loading: boolean;
  columns: ResizableColumn<T>[];
  editable: boolean;
  /** 新增's text; none: the rows are only edited. */
  addLabel?: ReactNode;
  /** The row button's text (编辑 by default). */
  editLabel?: ReactNode;
  /** The form's values for a new record. */
  blank?: object;
  /** The form's values for a row being edited (the row itself by default). */
  toForm?: (row: T) => object;
  canEdit?: (row: T) => boolean;
  /** The dialog's title, or its title for the record edited ('new' when adding). */
  title: ReactNode | ((editing: T | 'new') => ReactNode);
  /** The dialog's OK button (保存 by default). */
  okText?: ReactNode;
  /** Saves the form's values: for the row edited, or a new record when `editing` is null. */
  save: (values: V, editing: T | null) => Promise<unknown>;
  children: (editing: T | 'new' | null, form: FormInstance<V>) => ReactNode;
  pagination?: TableProps<T>['pagination'];
  /** The field that tells rows apart (`id` by default). */
  rowKey?: keyof T & string;
  /** Columns resized by dragging and kept per route (SPEC §9), as a list's; a plain small table otherwise. */
  resizable?: boolean;
  /** The table's size: small by default, the shell's size when resizable. */
  size?: TableProps<T>['size'];
}) {
  const t = useT();
  const saveForm = useFormSave();
  const { editing, open, close } = useEditor<T>();
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<V>();
  const edit = (values: object, record: T | 'new') => {
    form.resetFields();
    form.setFieldsValue(values as Parameters<FormInstance<V>['setFieldsValue']>[0]);
    open(record);
  };
  const submit = async () => {
    setSaving(true);
    await saveForm(form, (v) => save(v, editing === 'new' || !editing ? null : editing), close).finally(() => setSaving(false));
  };
  const actions: ResizableColumn<T>[] = editable
    ? [
        {
          key: 'actions',
          title: t('common.actions'),
          render: (_: unknown, r: T) =>
            canEdit(r) ? (
              <Button type="link" size="small" onClick={() => edit(toForm(r), r)}>
                {editLabel ?? t('common.edit')}
              </Button>
            ) : null,
        },
      ]
    : [];
  const table = {
    rowKey: rowKey as never,
    pagination,
    loading,
    dataSource: rows,
    columns: [...columns, ...actions],
  };
  return (
    <>
      {editable && addLabel && (
        <Button icon={<PlusOutlined />} style={{ marginBottom: 12 }} onClick={() => edit(blank, 'new')}>
          {addLabel}
        </Button>
      )}
      {resizable ? <ResizableTable<T> {...table} size={size} /> : <Table<T> {...table} size={size ?? 'small'} />}
      <Modal
        open={!!editing}
        title={typeof title === 'function' ? (editing ? title(editing) : null) : title}
        destroyOnHidden
        okText={okText ?? t('common.save')}
        cancelText={t('common.cancel')}
        confirmLoading={saving}
        onCancel={close}
        onOk={submit}
      >
        <Form form={form} layout="vertical">
          {children(editing, form)}
        </Form>
      </Modal>
    </>
  );
}
