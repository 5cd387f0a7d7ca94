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
import { StatusTag, StatusToggle } from '../../components/list/status';

/** Member notification channels (email, Discord, Telegram, site messages). */
export default function ChannelList() {
  const m = useNotificationMessages();
  const lang = useLang((s) => s.lang);
  const navigate = useNavigate();
  const list = useNotifyChannels();
  const status = useNotifyChannelStatus();
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
                <StatusToggle
                  status={c.status}
                  labels={m}
                  title={m.ok}
                  content={(action) => fill(m.confirmChannelStatus, { action, name: c.name })}
                  run={(next) => status.mutateAsync({ id: c.id, status: next })}
                />
              </Space>
            ),
          },
        ]}
      />
    </Space>
  );
}
