import { Alert, App, Button, Card, Descriptions, Space, Tag, Typography } from 'antd';
import { CloudDownloadOutlined, CloudUploadOutlined, DeleteOutlined, LoadingOutlined } from '@ant-design/icons';
import type { BackupItem, BackupReason } from '@waystation/shared/contract/backup';
import { fill, useT } from '../../i18n';
import { formatTime } from '../../utils/time';
import type { ResizableColumn } from '../../components/ResizableTable';
import { ListPage, useListPage } from '../../components/list/ListPage';
import { downloadBackup, useBackups, useDeleteBackup, useRunBackup } from './api';
import { useBackupMessages } from './messages';
import BackupSettingsForm from './BackupSettingsForm';

const mb = (bytes: number | null) => (bytes === null ? '—' : bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${(bytes / 1e3).toFixed(1)} KB`);

/** 系统管理 › 数据备份: every backup (failures too), a manual backup, download, delete, and the schedule's settings. */
export default function BackupList() {
  const t = useT();
  const m = useBackupMessages();
  const { modal, message } = App.useApp();
  const list = useListPage(() => ({}));
  const backups = useBackups(list.params);
  const run = useRunBackup();
  const remove = useDeleteBackup();
  const running = !!backups.data?.running || run.isPending;

  const reasonLabel: Record<BackupReason, string> = { manual: m.manual, scheduled: m.scheduled, 'pre-migration': m.preMigration };

  const askRun = () =>
    modal.confirm({
      title: m.runTitle,
      content: m.runConfirm,
      okText: m.runNow,
      cancelText: t('common.cancel'),
      onOk: async () => {
        await run.mutateAsync();
        message.success(m.runStarted);
      },
    });

  const askDelete = (b: BackupItem) =>
    modal.confirm({
      title: m.deleteTitle,
      content: b.fileName ? fill(m.deleteConfirm, { name: b.fileName }) : m.deleteRunConfirm,
      okText: m.delete,
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        await remove.mutateAsync(b.runId !== null ? { runId: b.runId } : { name: b.fileName });
        message.success(m.deleted);
      },
    });

  const columns: ResizableColumn<BackupItem>[] = [
    {
      key: 'fileName',
      title: m.fileName,
      dataIndex: 'fileName',
      width: 290,
      render: (name: string, b) =>
        name ? (
          <Typography.Text delete={b.missing} title={b.missing ? m.missing : undefined}>
            {name}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">{m.noFile}</Typography.Text>
        ),
    },
    { key: 'startTime', title: m.time, dataIndex: 'startTime', width: 165, render: formatTime },
    {
      key: 'reason',
      title: m.reason,
      dataIndex: 'reason',
      width: 90,
      render: (r: BackupReason) => <Tag color={r === 'manual' ? 'blue' : r === 'scheduled' ? 'geekblue' : 'purple'}>{reasonLabel[r]}</Tag>,
    },
    { key: 'bytes', title: m.size, dataIndex: 'bytes', width: 90, render: mb },
    {
      key: 'status',
      title: m.status,
      dataIndex: 'status',
      width: 180,
      render: (s: BackupItem['status'], b) =>
        s === 'running' ? (
          <Tag icon={<LoadingOutlined />} color="processing">
            {m.inProgress}
          </Tag>
        ) : s === 'ok' ? (
          <Tag color="green">{m.ok}</Tag>
        ) : (
          <Space direction="vertical" size={0}>
            <Tag color="red">{m.failed}</Tag>
            <Typography.Text type="danger" style={{ fontSize: 12 }}>
              {b.error}
            </Typography.Text>
          </Space>
        ),
    },
    {
      key: 'content',
      title: m.content,
      width: 140,
      render: (_, b) => (b.tables === null ? '—' : fill(m.tablesRows, { tables: b.tables, rows: (b.rows ?? 0).toLocaleString() })),
    },
    { key: 'operatorName', title: m.operator, dataIndex: 'operatorName', width: 100 },
    {
      key: 'actions',
      title: m.actions,
      width: 150,
      fixed: 'right',
      render: (_, b) => (
        <Space size={0}>
          {b.status === 'ok' && b.fileName && !b.missing && (
            <Button type="link" size="small" icon={<CloudDownloadOutlined />} onClick={() => void downloadBackup(b.fileName)}>
              {m.download}
            </Button>
          )}
          {b.status !== 'running' && (
            <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => askDelete(b)}>
              {m.delete}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  const target = backups.data?.target;
  const summary = (
    <>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <Descriptions size="small" column={2}>
          <Descriptions.Item label={m.target}>{target ? `${target.kind === 's3' ? m.targetS3 : m.targetFolder} · ${target.where}` : '—'}</Descriptions.Item>
          <Descriptions.Item label={m.nextScheduled}>
            {backups.data ? (backups.data.nextScheduled ? formatTime(backups.data.nextScheduled) : m.scheduleOff) : '—'}
          </Descriptions.Item>
        </Descriptions>
        <Button type="primary" icon={running ? <LoadingOutlined /> : <CloudUploadOutlined />} disabled={running} onClick={askRun}>
          {running ? m.running : m.runNow}
        </Button>
      </Space>
      <Typography.Paragraph type="secondary">{m.keyNote}</Typography.Paragraph>
      {backups.data?.targetError && <Alert type="warning" showIcon message={backups.data.targetError} style={{ marginBottom: 16 }} />}
    </>
  );
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card>
        <ListPage<BackupItem>
          list={list}
          result={backups}
          above={summary}
          rowKey={(b) => (b.runId !== null ? `run-${b.runId}` : `file-${b.fileName}`)}
          columns={columns}
          // Polled while a backup runs: the spinner only for the first load.
          loading={backups.isLoading}
        />
      </Card>
      <BackupSettingsForm />
    </Space>
  );
}
