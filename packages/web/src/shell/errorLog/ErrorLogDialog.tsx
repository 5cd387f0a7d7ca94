import { Button, Modal, Table } from 'antd';
import { useT } from '../../i18n';
import { formatTime } from '../../utils/time';
import { useErrorLog, type ErrorLogEntry } from './store';

/** The error log's table, newest first, with Clear All. */
export default function ErrorLogDialog({ onClose }: { onClose(): void }) {
  const t = useT();
  const logs = useErrorLog((s) => s.logs);
  const clear = useErrorLog((s) => s.clear);
  return (
    <Modal
      open
      title={t('errorLog.title')}
      width="80%"
      onCancel={onClose}
      footer={
        <Button
          danger
          onClick={() => {
            clear();
            onClose();
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
  );
}
