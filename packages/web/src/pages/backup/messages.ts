import { defineMessages } from '../../i18n';

export const useBackupMessages = defineMessages(
  {
    runNow: '立即备份', running: '备份中…', runTitle: '立即备份', runConfirm: '现在备份整个数据库和上传的文件吗？备份期间列表会显示“进行中”。',
    runStarted: '已开始备份', target: '备份位置', targetFolder: '文件夹', targetS3: 'S3 存储桶', nextScheduled: '下次自动备份', scheduleOff: '自动备份已关闭',
    fileName: '文件名', time: '时间', reason: '类型', size: '大小', status: '状态', content: '表 / 行', operator: '操作人', actions: '操作',
    manual: '手动', scheduled: '定时', preMigration: '迁移前', ok: '成功', failed: '失败', inProgress: '进行中', missing: '文件已不在备份位置',
    noFile: '无文件', tablesRows: '{tables} 张表 / {rows} 行', download: '下载', delete: '删除', deleteTitle: '删除备份',
    deleteConfirm: '确定删除备份「{name}」吗？删除后无法恢复。', deleteRunConfirm: '确定删除这条失败的备份记录吗？', deleted: '已删除',
    settings: '备份与归档设置', enabled: '每日自动备份', dailyAt: '每日备份时间（北京时间）', keepDaily: '保留每日备份（份）',
    keepWeekly: '另保留每周备份（份，周日的备份）', archiveLogsAfterDays: '日志归档（天）', archiveTracesAfterDays: '轨迹归档（天）',
    archiveHelp: '审计日志、通知发送记录和验证消息超过“日志归档”天数、包裹与采购轨迹超过“轨迹归档”天数后，每月移入归档表（不删除，详情页和审计日志仍可查到）。',
    retentionHelp: '只清理定时备份；手动备份和迁移前备份不会被自动删除。', save: '保存设置', saved: '操作成功',
    lastSaved: '上次修改：{time}（{by}）', neverSaved: '使用默认设置',
    dailyAtRequired: '请输入每日备份时间', dailyAtFormat: '每日备份时间格式为 HH:mm（00:00~23:59）', intRange: '请输入 {min}~{max} 的整数',
  },
  {
    runNow: 'Back up now', running: 'Backing up…', runTitle: 'Back up now', runConfirm: 'Back up the whole database and the uploaded files now? The list shows it as running meanwhile.',
    runStarted: 'Backup started', target: 'Backup target', targetFolder: 'Folder', targetS3: 'S3 bucket', nextScheduled: 'Next scheduled backup', scheduleOff: 'Scheduled backups are off',
    fileName: 'File', time: 'Time', reason: 'Kind', size: 'Size', status: 'Status', content: 'Tables / rows', operator: 'By', actions: 'Actions',
    manual: 'Manual', scheduled: 'Scheduled', preMigration: 'Pre-migration', ok: 'OK', failed: 'Failed', inProgress: 'Running', missing: 'The file is no longer in the target',
    noFile: 'No file', tablesRows: '{tables} tables / {rows} rows', download: 'Download', delete: 'Delete', deleteTitle: 'Delete backup',
    deleteConfirm: 'Delete the backup “{name}”? This cannot be undone.', deleteRunConfirm: 'Delete this failed backup’s record?', deleted: 'Deleted',
    settings: 'Backup and archiving settings', enabled: 'Daily backup', dailyAt: 'Daily at (Beijing time)', keepDaily: 'Keep daily backups',
    keepWeekly: 'Also keep weekly backups (Sunday ones)', archiveLogsAfterDays: 'Archive logs after (days)', archiveTracesAfterDays: 'Archive traces after (days)',
    archiveHelp: 'Once a month, audit rows, notification delivery logs and verification messages older than the log setting, and package and purchase traces older than the trace setting, move to archive tables (never deleted; detail pages and the audit trail still show them).',
    retentionHelp: 'Only scheduled backups are cleaned up; manual and pre-migration backups are never deleted automatically.', save: 'Save settings', saved: 'Saved',
    lastSaved: 'Last changed {time} by {by}', neverSaved: 'Default settings',
    dailyAtRequired: 'Enter the daily backup time', dailyAtFormat: 'Daily backup time is HH:mm (00:00–23:59)', intRange: 'Enter a whole number from {min} to {max}',
  },
);
