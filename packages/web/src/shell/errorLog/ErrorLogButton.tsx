import { useState } from 'react';
import { Badge, Button, Modal, Table, Tooltip } from 'antd';
import { BugOutlined } from '@ant-design/icons';
import { useT } from '../../i18n';
import { formatTime } from '../../utils/time';
import { useErrorLog, type ErrorLogEntry } from './store';

/** Header error-log viewer (SPEC §2): shown only when errors exist; Clear All empties it. */
export function ErrorLogButton() {
  const t = useT();
  const logs = useErrorLog((s) => s.logs);
  const clear = useErrorLog((s) => s.clear);
  const [open, setOpen] = useState(false);
  if (logs.length === 0) return null;

  return (
    <>
      <Tooltip title={t('nav.errorLog')}>
        <Badge dot>
          <Button type="text" danger icon={<BugOutlined />} aria-label={t('nav.errorLog')} data-testid="error-log-button" onClick={() => setOpen(true)} />
        </Badge>
      </Tooltip>
      <Modal
        open={open}
        title={t('errorLog.title')}
        width="80%"
        onCancel={() => setOpen(false)}
        footer={
          <Button
            danger
            onClick={() => {
              clear();
              setOpen(false);
            }}
          >
            {t('errorLog.clear')}
          </Button>
        }
      >
        <Table<ErrorLogEntry>
          rowKey="id"
          size="small"
          pagination={false}
          scroll={{ y: 480 }}
          dataSource={[...logs].reverse()}
          columns={[
            { title: t('errorLog.message'), dataIndex: 'message', width: 260 },
            { title: t('errorLog.info'), dataIndex: 'info', width: 200, render: (v: string) => <pre className="error-log-pre">{v}</pre> },
            { title: t('errorLog.url'), dataIndex: 'url', width: 220, ellipsis: true },
            { title: t('errorLog.stack'), dataIndex: 'stack', render: (v: string) => <pre className="error-log-pre">{v}</pre> },
            { title: t('errorLog.time'), dataIndex: 'time', width: 170, render: (v: number) => formatTime(v) },
          ]}
        />
      </Modal>
    </>
  );
}
