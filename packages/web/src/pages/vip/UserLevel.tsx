import { useState } from 'react';
import { Button, Card, Form, Input, Modal, Select, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { fromMinor } from '@waystation/shared/contract/ledger';
import { SaveUserLevelBody, type UserLevel as Level } from '@waystation/shared/contract/vip';
import { AccountStatus } from '@waystation/shared/vocab/account';
import { useLang, useT } from '../../i18n';
import { formatTime } from '../../utils/time';
import { zodRule } from '../../components/zodRule';
import { formatMoney } from '../../components/money';
import { useLevels, useSaveLevel } from './api';
import { useVipMessages } from './messages';
import { STATUS_COLOR } from './VipList';
import { NumberInput } from '../../components/NumberInput';
import { useFormSave } from '../../components/list/useFormSave';
import { ListPage, useListPage } from '../../components/list/ListPage';

const levelShape = SaveUserLevelBody.shape;

/** vip/UserLevel: member levels with discount and spending threshold. */
export default function UserLevel() {
  const m = useVipMessages();
  const t = useT();
  const lang = useLang((s) => s.lang);
  const list = useListPage(() => ({}));
  const levels = useLevels(list.params);
  const save = useSaveLevel();
  const [editing, setEditing] = useState<Level | 'new' | null>(null);
  const [form] = Form.useForm<{ name: string; discount: string; threshold: string; sort: number; status: 'activity' | 'disabled' }>();

  const open = (l: Level | 'new') => {
    form.setFieldsValue(
      l === 'new'
        ? { name: '', discount: '100', threshold: '0', sort: 0, status: 'activity' }
        : {
            name: l.name,
            discount: l.discount,
            threshold: fromMinor(l.threshold).replace(/\.00$/, ''),
            sort: l.sort,
            status: l.status === 'activity' ? 'activity' : 'disabled',
          },
    );
    setEditing(l);
  };
  const saveForm = useFormSave();
  const submit = () =>
    saveForm(
      form,
      (v) => save.mutateAsync({ ...v, id: editing === 'new' || !editing ? undefined : editing.id }),
      () => setEditing(null),
    );

  return (
    <Card
      extra={
        <Button icon={<PlusOutlined />} onClick={() => open('new')}>
          {m.createLevel}
        </Button>
      }
    >
      <ListPage<Level>
        list={list}
        result={levels}
        columns={[
          { key: 'id', title: 'ID', dataIndex: 'id', width: 70 },
          { key: 'name', title: m.levelName, dataIndex: 'name' },
          { key: 'discount', title: m.discount, dataIndex: 'discount' },
          { key: 'threshold', title: m.threshold, render: (_, r) => formatMoney(r.threshold, r.currency) },
          { key: 'sort', title: m.sort, dataIndex: 'sort' },
          { key: 'members', title: m.memberCount, dataIndex: 'memberCount' },
          { key: 'status', title: m.status, dataIndex: 'status', render: (s: string) => <Tag color={STATUS_COLOR[s]}>{AccountStatus.label(s, lang)}</Tag> },
          { key: 'modifyTime', title: t('common.modifyTime'), dataIndex: 'modifyTime', render: formatTime },
          {
            key: 'actions',
            title: t('common.actions'),
            render: (_, r) => (
              <Button type="link" size="small" onClick={() => open(r)}>
                {t('common.edit')}
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={!!editing}
        title={editing === 'new' ? m.createLevel : m.editLevel}
        onOk={submit}
        onCancel={() => setEditing(null)}
        okButtonProps={{ loading: save.isPending }}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        forceRender
      >
        <Form form={form} layout="vertical">
          <Form.Item name="name" label={m.levelName} rules={[zodRule(levelShape.name)]}>
            <Input maxLength={40} />
          </Form.Item>
          <Form.Item name="discount" label={m.discount} rules={[zodRule(levelShape.discount)]}>
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item name="threshold" label={m.threshold} rules={[zodRule(levelShape.threshold)]}>
            <Input inputMode="decimal" suffix="CNY" />
          </Form.Item>
          <Form.Item name="sort" label={m.sort} rules={[zodRule(levelShape.sort)]}>
            <NumberInput />
          </Form.Item>
          <Form.Item name="status" label={m.status}>
            <Select options={(['activity', 'disabled'] as const).map((s) => ({ value: s, label: AccountStatus.label(s, lang) }))} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
