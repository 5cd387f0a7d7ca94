import { useMemo, useState } from 'react';
import { Alert, Form, Input, Modal, Spin, Tree, type TreeDataNode } from 'antd';
import type { MenuRoute } from '@waystation/shared/menu/types';
import { RoleSaveBody, type Role } from '@waystation/shared/contract/role';
import { useRouteTitle, useT } from '../../i18n';
import { zodRule } from '../../components/zodRule';
import { joinPath } from '../../shell/routes/model';
import { useCatalogue, useSaveRole } from './api';
import { useRoleMessages } from './messages';
import { useFormSave } from '../../components/list/useFormSave';

interface Values {
  key: string;
  name: string;
  description?: string;
}

const shape = RoleSaveBody.shape;

/** Leaf full paths of the catalogue tree: what a role grants. */
export function leafPaths(tree: MenuRoute[], parent = ''): string[] {
  return tree.flatMap((r) => {
    const full = parent ? joinPath(parent, r.path) : r.path;
    return r.children?.length ? leafPaths(r.children, full) : [full];
  });
}

/** Creates or edits a role; granted routes are a checkbox tree of the whole menu catalogue. */
export function RoleEditModal({ role, onClose }: { role: Role | null; onClose(): void }) {
  const t = useT();
  const m = useRoleMessages();
  const titleOf = useRouteTitle();
  const [form] = Form.useForm<Values>();
  const catalogue = useCatalogue();
  const save = useSaveRole();
  const [checked, setChecked] = useState<string[]>(role?.routes ?? []);

  const leaves = useMemo(() => new Set(leafPaths(catalogue.data ?? [])), [catalogue.data]);
  const treeData = useMemo((): TreeDataNode[] => {
    const build = (routes: MenuRoute[], parent: string): TreeDataNode[] =>
      routes.map((r) => {
        const full = parent ? joinPath(parent, r.path) : r.path;
        const title = titleOf(r.meta);
        return {
          key: full,
          title: r.hidden ? `${title}（${m.hiddenRoute}）` : title,
          children: r.children?.length ? build(r.children, full) : undefined,
        };
      });
    return build(catalogue.data ?? [], '');
  }, [catalogue.data, titleOf, m.hiddenRoute]);

  const saveForm = useFormSave();
  const submit = () =>
    saveForm(
      form,
      (v) =>
        save.mutateAsync({
          ...(role ? { id: role.id } : {}),
          key: v.key.trim(),
          name: v.name.trim(),
          description: v.description ?? '',
          routes: checked.filter((k) => leaves.has(k)),
        } satisfies RoleSaveBody),
      onClose,
    );

  return (
    <Modal
      open
      width={640}
      title={role ? m.editRole : m.createRole}
      onCancel={onClose}
      onOk={submit}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form<Values> form={form} name="roleEdit" layout="vertical" initialValues={role ? { key: role.key, name: role.name, description: role.description } : {}}>
        <Form.Item name="key" label={m.roleKey} rules={[zodRule(shape.key)]}>
          <Input disabled={!!role} autoComplete="off" />
        </Form.Item>
        <Form.Item name="name" label={m.roleName} rules={[zodRule(shape.name)]}>
          <Input />
        </Form.Item>
        <Form.Item name="description" label={m.description}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
        <Form.Item label={m.grantedRoutes}>
          {role?.allRoutes ? (
            <Alert type="info" showIcon message={m.allRoutesNote} />
          ) : catalogue.isLoading ? (
            <Spin />
          ) : (
            <div className="role-route-tree" style={{ maxHeight: 360, overflow: 'auto', border: '1px solid #f0f0f0', borderRadius: 6, padding: 8 }}>
              <Tree
                checkable
                selectable={false}
                defaultExpandAll
                treeData={treeData}
                checkedKeys={checked}
                onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(String))}
                virtual={false}
              />
            </div>
          )}
        </Form.Item>
      </Form>
    </Modal>
  );
}
