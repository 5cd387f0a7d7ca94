import { useNavigate } from 'react-router';
import { Button, Space, Tag } from 'antd';
import { ResizableTable } from '../../components/ResizableTable';
import { PlusOutlined } from '@ant-design/icons';
import { NotifyChannelType, NotifyEvent } from '@waystation/shared/vocab/config-content';
import type { NotifyChannel } from '@waystation/shared/contract/notification';
import { formatTime } from '../../utils/time';
import { useNotifyChannelStatus, useNotifyChannels } from './api';
import { useNotificationMessages } from './messages';
import { fill, useLang } from '../../i18n';
import { nextStatus, StatusTag, useConfirmedAction } from '../../components/list/status';

/** Member notification channels (email, Discord, Telegram, site messages). */
export default function ChannelList() {
  const m = useNotificationMessages();
  const lang = useLang((s) => s.lang);
  const confirm = useConfirmedAction();
  const navigate = useNavigate();
  const list = useNotifyChannels();
  const status = useNotifyChannelStatus();
  const toggle = (c: NotifyChannel) => {
    const next = nextStatus(c.status);
    confirm({
      title: m.ok,
      content: fill(m.confirmChannelStatus, { action: next === 'activity' ? m.enable : m.disable, name: c.name }),
      danger: next === 'disabled',
      run: () => status.mutateAsync({ id: c.id, status: next }),
    });
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Button icon={<PlusOutlined />} onClick={() => navigate('/notification/vip/operateChannel')}>
        {m.addNotificationChannel}
      </Button>
      <ResizableTable<NotifyChannel>
        rowKey="id"
        dataSource={list.data}
        loading={list.isFetching}
        pagination={false}
        columns={[
          { key: 'name', title: m.name, dataIndex: 'name' },
          { key: 'type', title: m.type, dataIndex: 'type', render: (v: string) => NotifyChannelType.label(v, lang) },
          {
            key: 'events',
            title: m.notificationEvents,
            dataIndex: 'events',
            render: (es: string[]) => es.map((e) => <Tag key={e}>{NotifyEvent.label(e, lang)}</Tag>),
          },
          {
            key: 'status',
            title: m.status,
            dataIndex: 'status',
            render: (s: string) => <StatusTag status={s} />,
          },
          { key: 'lastSentAt', title: m.lastSent, dataIndex: 'lastSentAt', render: (v: string | null) => (v ? formatTime(v) : '—') },
          {
            key: 'actions',
            title: m.actions,
            render: (_, c) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => navigate(`/notification/vip/operateChannel?id=${c.id}`)}>
                  {m.edit}
                </Button>
                <Button type="link" size="small" danger={c.status === 'activity'} onClick={() => toggle(c)}>
                  {c.status === 'activity' ? m.disable : m.enable}
                </Button>
              </Space>
            ),
          },
        ]}
      />
    </Space>
  );
}
