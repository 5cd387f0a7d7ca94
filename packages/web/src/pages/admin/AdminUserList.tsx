import { useState } from 'react';
import { App, Button, Card, Dropdown, Form, Input, Select, Space, Tag } from 'antd';
import { DownOutlined, PlusOutlined } from '@ant-design/icons';
import { roleTexts } from '@waystation/shared/menu';
import { AccountStatus } from '@waystation/shared/vocab/account';
import type { AdminAccount } from '@waystation/shared/contract/admin';
import { fill, useLang, useT } from '../../i18n';
import { formatTime } from '../../utils/time';
import type { ResizableColumn } from '../../components/ResizableTable';
import { FilterSelect } from '../../components/list/FilterBar';
import { ListPage, useListPage } from '../../components/list/ListPage';
import { vocabOptions } from '../../components/list/vocabOptions';
import { unlockLogin } from '../../api/admin';
import { useAdminList, useModifyAdminStatus } from './api';
import { useRoleOptions } from '../role/api';
import { useAdminMessages } from './messages';
import { AdminEditModal } from './AdminEditModal';
import { adminFetchListCall } from '@waystation/shared/contract/admin';

export const STATUS_COLOR: Record<string, string> = { activity: 'green', disabled: 'orange', stop: 'default', deleted: 'red' };

interface Filters {
  username?: string;
  name?: string;
  status?: string;
  role?: string;
}

/** Staff accounts: filter (kept in the URL), create/edit with roles, status change after confirmation. */
export default function AdminUserList() {
  const t = useT();
  const m = useAdminMessages();
  const lang = useLang((s) => s.lang);
  const { modal, message } = App.useApp();
  const list = useListPage((query): Filters => ({ username: query.username, name: query.name, status: query.status, role: query.role }));
  const [editing, setEditing] = useState<AdminAccount | 'new' | null>(null);
  const admins = useAdminList({ ...list.params, status: list.params.status as AdminAccount['status'] | undefined });
  const roles = useRoleOptions();
  const modifyStatus = useModifyAdminStatus();
  const roleName = (key: string) => {
    const role = roles.data?.find((r) => r.key === key);
    return role ? roleTexts(role, lang).name : key;
  };

  const confirmStatus = (row: AdminAccount, status: AdminAccount['status']) => {
    modal.confirm({
      title: m.statusConfirmTitle,
      content: (
        <>
          {fill(m.statusConfirm, { username: row.username, status: AccountStatus.label(status, lang) })}
          {status !== 'activity' && <div>{m.statusEndsSessions}</div>}
        </>
      ),
      okButtonProps: { danger: status !== 'activity' },
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await modifyStatus.mutateAsync({ id: row.id, status });
        message.success(t('common.success'));
      },
    });
  };

  const confirmUnlock = (row: AdminAccount) => {
    modal.confirm({
      title: m.unlockLogin,
      content: fill(m.unlockConfirm, { username: row.username }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await unlockLogin(row.username);
        message.success(t('common.success'));
      },
    });
  };

  const columns: ResizableColumn<AdminAccount>[] = [
    { key: 'id', title: 'ID', dataIndex: 'id', width: 70 },
    { key: 'username', title: m.username, dataIndex: 'username', width: 130 },
    { key: 'name', title: m.name, dataIndex: 'name', width: 130 },
    {
      key: 'roles',
      title: m.roles,
      dataIndex: 'roles',
      width: 200,
      render: (keys: string[]) => keys.map((k) => <Tag key={k}>{roleName(k)}</Tag>),
    },
    {
      key: 'status',
      title: m.status,
      dataIndex: 'status',
      width: 90,
      render: (s: string) => <Tag color={STATUS_COLOR[s]}>{AccountStatus.label(s, lang)}</Tag>,
    },
    { key: 'lastLoginAt', title: m.lastLogin, dataIndex: 'lastLoginAt', width: 160, render: (v: string | null) => (v ? formatTime(v) : m.never) },
    { key: 'createTime', title: t('common.createTime'), dataIndex: 'createTime', width: 160, render: formatTime },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 200,
      fixed: 'right',
      render: (_, row) => (
        <Space>
          <Button type="link" size="small" onClick={() => setEditing(row)}>
            {t('common.edit')}
          </Button>
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                ...AccountStatus.values.filter((s) => s !== row.status).map((s) => ({ key: s, label: AccountStatus.label(s, lang), danger: s === 'deleted' })),
                { type: 'divider' as const },
                { key: 'unlock', label: m.unlockLogin },
              ],
              onClick: ({ key }) => (key === 'unlock' ? confirmUnlock(row) : confirmStatus(row, key as AdminAccount['status'])),
            }}
          >
            <Button type="link" size="small">
              {m.changeStatus} <DownOutlined />
            </Button>
          </Dropdown>
        </Space>
      ),
    },
  ];

  return (
    <Card>
      <ListPage<AdminAccount>
        list={list}
        result={admins}
        columns={columns}
        onSame={() => void admins.refetch()}
        exportAs={{ call: adminFetchListCall, name: m.exportAdmins }}
        toolbar={
          <Button icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {m.createAdmin}
          </Button>
        }
      >
        <Form.Item name="username" label={m.username}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="name" label={m.name}>
          <Input allowClear />
        </Form.Item>
        <FilterSelect name="status" label={m.status} options={vocabOptions(AccountStatus, lang)} width={120} />
        <Form.Item name="role" label={m.roles}>
          <Select
            allowClear
            style={{ width: 160 }}
            placeholder={t('common.all')}
            loading={roles.isLoading}
            options={roles.data?.map((r) => ({ value: r.key, label: roleTexts(r, lang).name }))}
          />
        </Form.Item>
      </ListPage>
      {editing && <AdminEditModal account={editing === 'new' ? null : editing} roles={roles.data ?? []} onClose={() => setEditing(null)} />}
    </Card>
  );
}
