import { useState } from 'react';
import { App, Button, Card, Form, Input, Space, Tag, Tooltip } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { roleTexts } from '@waystation/shared/menu';
import type { Role } from '@waystation/shared/contract/role';
import { fill, useLang, useT } from '../../i18n';
import { formatTime } from '../../utils/time';
import type { ResizableColumn } from '../../components/ResizableTable';
import { ListPage, useListCall, useListPage } from '../../components/list/ListPage';
import { useDeleteRole } from './api';
import { useRoleMessages } from './messages';
import { RoleEditModal } from './RoleEditModal';
import { rolePageListCall } from '@waystation/shared/contract/role';

/** Roles: list with keyword filter (in the URL), edit granted routes, delete unused roles after confirmation. */
export default function RoleList() {
  const lang = useLang((s) => s.lang);
  const t = useT();
  const m = useRoleMessages();
  const { modal, message } = App.useApp();
  const list = useListPage((query) => ({ keyword: query.keyword }));
  const [editing, setEditing] = useState<Role | 'new' | null>(null);
  const roles = useListCall(rolePageListCall, list.params);
  const remove = useDeleteRole();

  const confirmDelete = (row: Role) => {
    modal.confirm({
      title: m.deleteRoleTitle,
      content: fill(m.deleteRoleConfirm, { name: row.name }),
      okButtonProps: { danger: true },
      okText: t('common.delete'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await remove.mutateAsync(row.id);
        message.success(t('common.success'));
      },
    });
  };

  const columns: ResizableColumn<Role>[] = [
    { key: 'id', title: 'ID', dataIndex: 'id', width: 70 },
    {
      key: 'key',
      title: m.roleKey,
      dataIndex: 'key',
      width: 160,
      render: (v: string, r) =>
        r.builtin ? (
          <Space>
            {v}
            <Tag>{m.builtin}</Tag>
          </Space>
        ) : (
          v
        ),
    },
    { key: 'name', title: m.roleName, dataIndex: 'name', width: 140, render: (_, r) => roleTexts(r, lang).name },
    { key: 'description', title: m.description, dataIndex: 'description', width: 200, ellipsis: true, render: (_, r) => roleTexts(r, lang).description },
    {
      key: 'routes',
      title: m.grantedRoutes,
      width: 120,
      render: (_, r) => (r.allRoutes ? <Tag color="gold">{m.allRoutes}</Tag> : fill(m.routeCount, { count: r.routes.length })),
    },
    { key: 'adminCount', title: m.adminCount, dataIndex: 'adminCount', width: 90 },
    { key: 'modifyTime', title: t('common.modifyTime'), dataIndex: 'modifyTime', width: 170, render: formatTime, exportAs: { kind: 'time' } },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 160,
      fixed: 'right',
      render: (_, row) => (
        <Space>
          <Button type="link" size="small" onClick={() => setEditing(row)}>
            {t('common.edit')}
          </Button>
          <Tooltip title={row.adminCount > 0 ? fill(m.roleInUse, { count: row.adminCount }) : undefined}>
            <Button type="link" size="small" danger disabled={row.adminCount > 0 || row.builtin} onClick={() => confirmDelete(row)}>
              {t('common.delete')}
            </Button>
          </Tooltip>
        </Space>
      ),
    },
  ];

  return (
    <Card>
      <ListPage<Role>
        list={list}
        result={roles}
        columns={columns}
        onSame={() => void roles.refetch()}
        exportAs={{ call: rolePageListCall, name: m.exportName }}
        toolbar={
          <Button icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {m.createRole}
          </Button>
        }
      >
        <Form.Item name="keyword" label={m.keyword}>
          <Input allowClear />
        </Form.Item>
      </ListPage>
      {editing && <RoleEditModal role={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}
