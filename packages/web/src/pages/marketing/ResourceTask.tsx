import { useState } from 'react';
import { Button, Card, DatePicker, Form, Input, Modal, Select, Space, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { Audience, marketingResourceTaskListCall, SaveTaskBody, type ResourceTask as Task } from '@waystation/shared/contract/marketing/resources';
import { AudienceType } from '@waystation/shared/marketing/vocab';
import { useLang, useT } from '../../i18n';
import { formatTime } from '../../utils/time';
import type { ResizableColumn } from '../../components/ResizableTable';
import { ListPage, useListCall, useListPage } from '../../components/list/ListPage';
import { zodRule } from '../../components/zodRule';
import { useSaveTask, useTaskStatus } from './api';
import { LevelSelect } from './components';
import { PreviewModal } from './ResourceSpaceList';
import { useMkMessages } from './messages';
import { StatusToggle } from '../../components/list/status';

import { NumberInput } from '../../components/NumberInput';
import { vocabOptions } from '../../components/list/vocabOptions';
import { useFormSave } from '../../components/list/useFormSave';

interface Values {
  title: string;
  content?: string;
  imageUrl?: string;
  linkUrl?: string;
  schedule: [Dayjs, Dayjs];
  audienceType: 'all' | 'newUser' | 'levels';
  levelIds?: number[];
  newWithinDays?: number;
  priority: number;
}

/** marketing/ResourceTask (?spaceId=): what a slot shows — content, image, link, schedule, audience, priority. */
export default function ResourceTask() {
  const t = useT();
  const m = useMkMessages();
  const lang = useLang((s) => s.lang);
  const saveForm = useFormSave();
  const list = useListPage((query) => ({ spaceId: Number(query.spaceId) || 0 }));
  const { spaceId } = list.filters;
  const tasks = useListCall(marketingResourceTaskListCall, list.params, spaceId > 0);
  const save = useSaveTask();
  const setStatus = useTaskStatus();
  const [editing, setEditing] = useState<Partial<Task> | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [form] = Form.useForm<Values>();
  const audienceType = Form.useWatch('audienceType', form);

  const open = (task: Partial<Task>) => {
    form.resetFields();
    if (task.id) {
      form.setFieldsValue({
        title: task.title,
        content: task.content,
        imageUrl: task.imageUrl,
        linkUrl: task.linkUrl,
        schedule: [dayjs(task.startAt), dayjs(task.endAt)],
        audienceType: task.audience?.type,
        levelIds: task.audience?.levelIds,
        newWithinDays: task.audience?.newWithinDays,
        priority: task.priority,
      });
    }
    setEditing(task);
  };

  const columns: ResizableColumn<Task>[] = [
    { key: 'title', title: m.taskTitle, dataIndex: 'title', width: 180 },
    { key: 'content', title: m.content, dataIndex: 'content', width: 200, ellipsis: true },
    { key: 'link', title: m.link, dataIndex: 'linkUrl', width: 160, ellipsis: true },
    { key: 'schedule', title: m.schedule, width: 330, render: (_, r) => `${formatTime(r.startAt)} ~ ${formatTime(r.endAt)}` },
    { key: 'audience', title: m.audience, width: 110, render: (_, r) => AudienceType.label(r.audience.type, lang) },
    { key: 'priority', title: m.priority, dataIndex: 'priority', width: 80 },
    {
      key: 'live',
      title: m.status,
      width: 110,
      render: (_, r) => (r.status !== 'activity' ? <Tag>{m.disable}</Tag> : <Tag color={r.live ? 'green' : 'default'}>{r.live ? m.live : m.notLive}</Tag>),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 150,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => open(r)}>
            {t('common.edit')}
          </Button>
          <StatusToggle status={r.status} labels={m} plain run={(next) => setStatus.mutateAsync({ id: r.id, status: next })} />
        </Space>
      ),
    },
  ];

  return (
    <Card>
      <ListPage<Task>
        list={list}
        result={tasks}
        columns={columns}
        toolbar={
          <>
            <Button type="primary" disabled={!spaceId} onClick={() => open({})}>
              {m.newTask}
            </Button>
            <Button onClick={() => setPreviewing(true)}>{m.preview}</Button>
          </>
        }
      />
      <Modal
        open={!!editing}
        title={editing?.id ? m.editTask : m.newTask}
        onCancel={() => setEditing(null)}
        confirmLoading={save.isPending}
        width={640}
        destroyOnHidden
        onOk={() =>
          saveForm(
            form,
            async (v) => {
              await save.mutateAsync({
                id: editing?.id,
                spaceId,
                title: v.title,
                content: v.content ?? '',
                imageUrl: v.imageUrl ?? '',
                linkUrl: v.linkUrl ?? '',
                startAt: v.schedule[0].toISOString(),
                endAt: v.schedule[1].toISOString(),
                priority: v.priority ?? 0,
                status: editing?.status ?? 'activity',
                audience: {
                  type: v.audienceType,
                  ...(v.audienceType === 'levels' ? { levelIds: v.levelIds } : {}),
                  ...(v.audienceType === 'newUser' ? { newWithinDays: v.newWithinDays ?? 7 } : {}),
                },
              });
            },
            () => setEditing(null),
            m.saved,
          )
        }
      >
        <Form form={form} name="task" layout="vertical" initialValues={{ audienceType: 'all', priority: 0, newWithinDays: 7 }}>
          <Form.Item name="title" label={m.taskTitle} rules={[{ required: true, message: m.taskTitle }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="content" label={m.content}>
            <Input.TextArea rows={3} maxLength={5000} />
          </Form.Item>
          <Form.Item name="imageUrl" label={m.image}>
            <Input maxLength={500} />
          </Form.Item>
          <Form.Item name="linkUrl" label={m.link}>
            <Input maxLength={500} placeholder="https://… or /path" />
          </Form.Item>
          <Form.Item name="schedule" label={m.schedule} rules={[{ required: true, message: m.schedule }]}>
            <DatePicker.RangePicker showTime />
          </Form.Item>
          <Space align="start">
            <Form.Item name="audienceType" label={m.audience}>
              <Select style={{ width: 140 }} options={vocabOptions(AudienceType, lang)} />
            </Form.Item>
            {audienceType === 'levels' && (
              <Form.Item name="levelIds" label={m.levels} rules={[{ required: true, message: m.levels }]}>
                <LevelSelect />
              </Form.Item>
            )}
            {audienceType === 'newUser' && (
              <Form.Item name="newWithinDays" label={m.newWithinDays} rules={[zodRule(Audience.shape.newWithinDays.unwrap())]}>
                <NumberInput unit={m.dayUnit} style={{ width: 130 }} />
              </Form.Item>
            )}
            <Form.Item name="priority" label={m.priority} rules={[zodRule(SaveTaskBody.shape.priority.unwrap())]}>
              <NumberInput style={{ width: 130 }} />
            </Form.Item>
          </Space>
        </Form>
      </Modal>
      {previewing && <PreviewModal onClose={() => setPreviewing(false)} />}
    </Card>
  );
}
