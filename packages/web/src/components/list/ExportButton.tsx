import { useState } from 'react';
import { Alert, Button, Modal, Progress, Space, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { Call } from '@waystation/shared/contract/call';
import { type ExportColumn, exportCreateCall, exportDownloadFile, exportStatusCall } from '@waystation/shared/contract/export';
import { call as callApi } from '../../api/request';
import { downloadFile } from '../../api/download';
import { fill, useT } from '../../i18n';
import type { ResizableColumn } from '../ResizableTable';

/** How a list column is exported: `false` leaves it out; otherwise the field, kind and labels (defaults: its dataIndex, text). */
export type ColumnExport = false | Partial<ExportColumn>;

/**
 * The export columns of a list's table: every column with a text title and a field (its dataIndex or `exportAs.field`),
 * as the column's `exportAs` says.
 */
export function exportColumnsOf<T>(columns: ResizableColumn<T>[]): ExportColumn[] {
  return columns.flatMap((c) => {
    if (c.exportAs === false || typeof c.title !== 'string') return [];
    const field = c.exportAs?.field ?? (typeof c.dataIndex === 'string' ? c.dataIndex : undefined);
    if (!field) return [];
    const kind = c.exportAs?.kind;
    // Times as this browser shows them (formatTime writes local time).
    const timeZone = kind === 'time' ? Intl.DateTimeFormat().resolvedOptions().timeZone : undefined;
    return [{ title: c.title, field, kind, labels: c.exportAs?.labels, unit: c.exportAs?.unit, timeZone }];
  });
}

const sizeText = (bytes: number | null) => (bytes === null ? '' : bytes > 1_048_576 ? `${(bytes / 1_048_576).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`);

/**
 * 导出: exports every row the list's current filters select (not just this page) as an Excel job on the server; a dialog
 * shows the progress and, when it is done, the download.
 */
export function ExportButton({
  call,
  params,
  columns,
  name,
}: {
  /** The list's call (its GET declaration): the export job pages through it with the list's filters. */
  call: Call;
  params: Record<string, unknown>;
  columns: ExportColumn[];
  name: string;
}) {
  const t = useT();
  const [jobId, setJobId] = useState<number | null>(null);
  const start = useMutation({
    mutationFn: () => {
      const query: Record<string, string | number | boolean> = {};
      for (const [k, v] of Object.entries(params)) {
        if (v === undefined || v === null || v === '' || k === 'page' || k === 'limit' || k === 'cursor') continue;
        query[k] = typeof v === 'number' || typeof v === 'boolean' ? v : String(v);
      }
      return callApi(exportCreateCall, { url: call.url, query, columns, name });
    },
    onSuccess: (job) => setJobId(job.id),
  });
  const status = useQuery({
    queryKey: ['export', jobId],
    queryFn: () => callApi(exportStatusCall, { id: jobId ?? 0 }),
    enabled: jobId !== null,
    refetchInterval: (q) => (q.state.data && ['done', 'failed'].includes(q.state.data.status) ? false : 700),
  });
  const job = status.data;
  const percent = job?.status === 'done' ? 100 : job?.total ? Math.min(99, Math.floor((job.done / job.total) * 100)) : 0;
  return (
    <>
      <Button icon={<DownloadOutlined />} loading={start.isPending} onClick={() => start.mutate()}>
        {t('common.export')}
      </Button>
      <Modal
        open={jobId !== null}
        title={fill(t('export.title'), { name })}
        onCancel={() => setJobId(null)}
        footer={
          <Space>
            <Button onClick={() => setJobId(null)}>{t('export.close')}</Button>
            <Button
              type="primary"
              icon={<DownloadOutlined />}
              disabled={job?.status !== 'done'}
              onClick={() => job && downloadFile(exportDownloadFile, { id: job.id }, `${name}.xlsx`, 'spreadsheetml')}
            >
              {t('export.download')}
            </Button>
          </Space>
        }
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          <Progress percent={percent} status={job?.status === 'failed' ? 'exception' : job?.status === 'done' ? 'success' : 'active'} />
          {job && job.status !== 'done' && job.status !== 'failed' && (
            <Typography.Text data-testid="export-progress">
              {job.total ? fill(t('export.runningOf'), { done: job.done, total: job.total }) : fill(t('export.running'), { done: job.done })}
            </Typography.Text>
          )}
          {job?.status === 'done' && (
            <Typography.Text type="success" data-testid="export-progress">
              {fill(t('export.done'), { done: job.done, size: sizeText(job.size) })}
            </Typography.Text>
          )}
          {job?.status === 'failed' && <Alert type="error" showIcon message={fill(t('export.failed'), { error: job.error })} />}
          <Typography.Text type="secondary">{t('export.hint')}</Typography.Text>
        </Space>
      </Modal>
    </>
  );
}
