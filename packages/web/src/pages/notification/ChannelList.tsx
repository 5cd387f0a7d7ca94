import { useNavigate } from 'react-router';
import { App, Button, Space, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { NotifyChannelType, NotifyEvent } from '@waystation/shared/vocab/config-content';
import type { NotifyChannel } from '@waystation/shared/contract/notification';
import { formatTime } from '../../utils/time';
import { useNotifyChannelStatus, useNotifyChannels } from './api';

/** Member notification channels (email, Discord, Telegram, site messages). */
export default function ChannelList() {
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const list = useNotifyChannels();
  const status = useNotifyChannelStatus();
  const toggle = (c: NotifyChannel) => {
    const next = c.status === 'activity' ? 'disabled' : 'activity';
    modal.confirm({
      title: '确认',
      content: `确定要${next === 'activity' ? '启用' : '禁用'}通知渠道「${c.name}」吗？`,
      okButtonProps: { danger: next === 'disabled' },
      onOk: async () => {
        await status.mutateAsync({ id: c.id, status: next });
        message.success('操作成功');
      },
    });
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Button icon={<PlusOutlined />} onClick={() => navigate('/notification/vip/operateChannel')}>
        新增通知渠道
      </Button>
      <Table<NotifyChannel>
        rowKey="id"
        dataSource={list.data}
        loading={list.isFetching}
        pagination={false}
        columns={[
          { key: 'name', title: '名称', dataIndex: 'name' },
          { key: 'type', title: '类型', dataIndex: 'type', render: (v: string) => NotifyChannelType.label(v) },
          { key: 'events', title: '通知事件', dataIndex: 'events', render: (es: string[]) => es.map((e) => <Tag key={e}>{NotifyEvent.label(e)}</Tag>) },
          {
            key: 'status',
            title: '状态',
            dataIndex: 'status',
            render: (s: string) => <Tag color={s === 'activity' ? 'green' : 'orange'}>{s === 'activity' ? '启用' : '禁用'}</Tag>,
          },
          { key: 'lastSentAt', title: '最近发送', dataIndex: 'lastSentAt', render: (v: string | null) => (v ? formatTime(v) : '—') },
          {
            key: 'actions',
            title: '操作',
            render: (_, c) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => navigate(`/notification/vip/operateChannel?id=${c.id}`)}>
                  编辑
                </Button>
                <Button type="link" size="small" danger={c.status === 'activity'} onClick={() => toggle(c)}>
                  {c.status === 'activity' ? '禁用' : '启用'}
                </Button>
              </Space>
            ),
          },
        ]}
      />
    </Space>
  );
}
