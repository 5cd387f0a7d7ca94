import { useState } from 'react';
import { Button, Card, DatePicker, Empty, Form, Input, Modal, Radio, Select, Space, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import type { Dayjs } from 'dayjs';
import { marketingResourceSpaceListCall, SaveSpaceBody, type ResourceSpace } from '@waystation/shared/contract/marketing/resources';
import { CouponTemplateStatus, ResourcePosition } from '@waystation/shared/marketing/vocab';
import { useLang, useT } from '../../i18n';
import { formatTime } from '../../utils/time';
import type { ResizableColumn } from '../../components/ResizableTable';
import { ListPage, useListCall, useListPage } from '../../components/list/ListPage';
import { zodRule } from '../../components/zodRule';
import { fetchPreview, useSaveSpace } from './api';
import { useMkMessages } from './messages';
import { NumberInput } from '../../components/NumberInput';
import { vocabOptions } from '../../components/list/vocabOptions';
import { useFormSave } from '../../components/list/useFormSave';

type Preview = Awaited<ReturnType<typeof fetchPreview>>;

/** What a member sees now (or at a chosen time) in every active slot. */
export function PreviewModal({ onClose }: { onClose: () => void }) {
  const m = useMkMessages();
  const lang = useLang((s) => s.lang);
  const [userCode, setUserCode] = useState('');
  const [at, setAt] = useState<Dayjs | null>(null);
  const [result, setResult] = useState<Preview | null>(null);
  return (
    <Modal open title={m.preview} onCancel={onClose} footer={null} width={720}>
      <Space style={{ marginBottom: 12 }} wrap>
        <Input placeholder={m.userCodes} value={userCode} onChange={(e) => setUserCode(e.target.value)} style={{ width: 160 }} aria-label={m.userCodes} />
        <DatePicker showTime placeholder={m.previewAt} value={at} onChange={setAt} />
        <Button type="primary" disabled={!userCode.trim()} onClick={async () => setResult(await fetchPreview(userCode.trim(), at?.toISOString()))}>
          {m.preview}
        </Button>
      </Space>
      {result?.map((s) => (
        <Card key={s.spaceId} size="small" title={`${s.name}（${ResourcePosition.label(s.position, lang)}）`} style={{ marginBottom: 8 }}>
          {s.tasks.length ? (
            s.tasks.map((task) => (
              <div key={task.id} style={{ display: 'flex', gap: 12, marginBottom: 8 }} data-testid="preview-task">
                {task.imageUrl && <img src={task.imageUrl} alt="" style={{ width: 96, height: 48, objectFit: 'cover' }} />}
                <div>
                  <Typography.Text strong>{task.title}</Typography.Text> <Tag>P{task.priority}</Tag>
                  <div>{task.content}</div>
                  {task.linkUrl && <Typography.Text type="secondary">{task.linkUrl}</Typography.Text>}
                </div>
              </div>
            ))
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={m.previewEmpty} />
          )}
        </Card>
      ))}
    </Modal>
  );
}

/** marketing/ResourceSpaceList: slots on the member site; each has its tasks; a member preview. */
export default function ResourceSpaceList() {
  const t = useT();
  const m = useMkMessages();
  const lang = useLang((s) => s.lang);
  const navigate = useNavigate();
  const saveForm = useFormSave();
  const list = useListPage(() => ({}));
  const spaces = useListCall(marketingResourceSpaceListCall, list.params);
  const save = useSaveSpace();
  const [editing, setEditing] = useState<Partial<ResourceSpace> | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [form] = Form.useForm<SaveSpaceBody>();

  const columns: ResizableColumn<ResourceSpace>[] = [
    { key: 'code', title: m.spaceCode, dataIndex: 'code', width: 140 },
    { key: 'name', title: m.spaceName, dataIndex: 'name', width: 160 },
    { key: 'position', title: m.position, dataIndex: 'position', width: 110, render: (v: string) => ResourcePosition.label(v, lang) },
    { key: 'size', title: m.size, width: 110, render: (_, r) => (r.width ? `${r.width}×${r.height}` : '') },
    { key: 'maxItems', title: m.maxItems, dataIndex: 'maxItems', width: 90 },
    { key: 'tasks', title: `${m.liveCount} / ${m.taskCount}`, width: 110, render: (_, r) => `${r.liveCount} / ${r.taskCount}` },
    {
      key: 'status',
      title: m.status,
      dataIndex: 'status',
      width: 80,
      render: (v: string) => <Tag color={v === 'activity' ? 'green' : 'default'}>{CouponTemplateStatus.label(v, lang)}</Tag>,
    },
    { key: 'modifyTime', title: t('common.modifyTime'), dataIndex: 'modifyTime', width: 170, render: formatTime },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 160,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => navigate(`/marketingManage/resourceSpace/resourceTask?spaceId=${r.id}`)}>
            {m.tasks}
          </Button>
          <Button
            type="link"
            size="small"
            onClick={() => {
              form.setFieldsValue(r as SaveSpaceBody);
              setEditing(r);
            }}
          >
            {t('common.edit')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card>
      <ListPage<ResourceSpace>
        list={list}
        result={spaces}
        columns={columns}
        toolbar={
          <>
            <Button
              type="primary"
              onClick={() => {
                form.resetFields();
                setEditing({});
              }}
            >
              {m.newSpace}
            </Button>
            <Button onClick={() => setPreviewing(true)}>{m.preview}</Button>
          </>
        }
      />
      <Modal
        open={!!editing}
        title={editing?.id ? m.editSpace : m.newSpace}
        onCancel={() => setEditing(null)}
        confirmLoading={save.isPending}
        destroyOnHidden
        onOk={() =>
          saveForm(
            form,
            (v) => save.mutateAsync({ ...v, id: editing?.id }),
            () => setEditing(null),
            m.saved,
          )
        }
      >
        <Form form={form} name="space" layout="vertical" initialValues={{ position: 'home_banner', maxItems: 1, width: 0, height: 0, status: 'activity' }}>
          <Form.Item name="code" label={m.spaceCode} rules={[{ required: true, message: m.spaceCode }]}>
            <Input maxLength={40} />
          </Form.Item>
          <Form.Item name="name" label={m.spaceName} rules={[{ required: true, message: m.spaceName }]}>
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item name="position" label={m.position}>
            <Select options={vocabOptions(ResourcePosition, lang)} />
          </Form.Item>
          <Space>
            <Form.Item name="width" label={m.spaceWidth} rules={[zodRule(SaveSpaceBody.shape.width.unwrap())]}>
              <NumberInput unit="px" style={{ width: 130 }} />
            </Form.Item>
            <Form.Item name="height" label={m.spaceHeight} rules={[zodRule(SaveSpaceBody.shape.height.unwrap())]}>
              <NumberInput unit="px" style={{ width: 130 }} />
            </Form.Item>
            <Form.Item name="maxItems" label={m.maxItems} rules={[zodRule(SaveSpaceBody.shape.maxItems.unwrap())]}>
              <NumberInput style={{ width: 130 }} />
            </Form.Item>
          </Space>
          <Form.Item name="status" label={m.status}>
            <Radio.Group options={vocabOptions(CouponTemplateStatus, lang)} />
          </Form.Item>
          <Form.Item name="remark" label={m.remark}>
            <Input.TextArea rows={2} maxLength={200} />
          </Form.Item>
        </Form>
      </Modal>
      {previewing && <PreviewModal onClose={() => setPreviewing(false)} />}
    </Card>
  );
}
