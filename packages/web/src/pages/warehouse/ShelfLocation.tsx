import { useState } from 'react';
import { Button, Card, Form, Input, Modal, Select, Space, Switch } from 'antd';
import { warehouseShelfLocationPageListCall, ShelfBatchAddBody, type ShelfLocation as Shelf } from '@waystation/shared/contract/warehouse';
import { fill, useT } from '../../i18n';
import { formatTime } from '../../utils/time';
import { ListPage, useListPage } from '../../components/list/ListPage';
import { batchAddShelves, setShelfStatus, useShelfWrite, useShelves } from './api';
import { useStationMessages } from './messages';
import { NumberInput } from '../../components/NumberInput';
import { zodRule } from '../../components/zodRule';
import { useFormSave } from '../../components/list/useFormSave';

const shelfShape = ShelfBatchAddBody.shape;

/** warehouse/ShelfLocation: zone-row-level-slot locations; batch creation and switching a location off. */
export default function ShelfLocation() {
  const m = useStationMessages();
  const t = useT();
  const saveForm = useFormSave();
  const list = useListPage((query) => ({ code: query.code, zone: query.zone, active: query.active }));
  const [adding, setAdding] = useState(false);
  const shelves = useShelves(list.params);
  const toggle = useShelfWrite(({ id, active }: { id: number; active: boolean }) => setShelfStatus(id, active ? '1' : '0'));
  const add = useShelfWrite(batchAddShelves);
  const [addForm] = Form.useForm();

  return (
    <Card>
      <ListPage<Shelf>
        list={list}
        result={shelves}
        size="small"
        exportAs={{
          call: warehouseShelfLocationPageListCall,
          name: m.exportShelves,
          // The file's own columns: 启用 as 是/否, the time in the business's zone (the table shows a switch).
          columns: [
            { title: m.code, field: 'code' },
            { title: m.zone, field: 'zone' },
            { title: m.items, field: 'itemCount', kind: 'number' },
            { title: m.active, field: 'active', labels: { true: t('common.yes'), false: t('common.no') } },
            { title: t('common.createTime'), field: 'createTime', kind: 'time' },
          ],
        }}
        toolbar={<Button onClick={() => setAdding(true)}>{m.batchAdd}</Button>}
        columns={[
          { key: 'code', title: m.code, dataIndex: 'code' },
          { key: 'zone', title: m.zone, dataIndex: 'zone' },
          { key: 'items', title: m.items, dataIndex: 'itemCount' },
          {
            key: 'active',
            title: m.active,
            render: (_, s) => (
              <Switch
                checked={s.active}
                loading={toggle.isPending && toggle.variables?.id === s.id}
                onChange={(active) => toggle.mutate({ id: s.id, active })}
              />
            ),
          },
          { key: 'createTime', title: t('common.createTime'), dataIndex: 'createTime', render: formatTime },
        ]}
      >
        <Form.Item name="code" label={m.code}>
          <Input allowClear style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="zone" label={m.zone}>
          <Input allowClear style={{ width: 80 }} />
        </Form.Item>
        <Form.Item name="active" label={m.active}>
          <Select
            allowClear
            style={{ width: 100 }}
            placeholder={t('common.all')}
            options={[
              { value: '1', label: t('common.yes') },
              { value: '0', label: t('common.no') },
            ]}
          />
        </Form.Item>
      </ListPage>
      <Modal
        open={adding}
        title={m.batchAdd}
        confirmLoading={add.isPending}
        onCancel={() => setAdding(false)}
        onOk={() =>
          saveForm(
            addForm,
            (v) => add.mutateAsync({ ...v, zone: String(v.zone).toUpperCase() }) as Promise<{ created: number; existing: number }>,
            () => setAdding(false),
            (r) => fill(m.created, r),
          )
        }
      >
        <Form form={addForm} layout="vertical" initialValues={{ rows: 1, levels: 1, slots: 1 }}>
          <Form.Item name="zone" label={m.zone} normalize={(v?: string) => v?.toUpperCase()} rules={[zodRule(shelfShape.zone)]}>
            <Input maxLength={2} style={{ width: 80 }} />
          </Form.Item>
          <Space>
            <Form.Item name="rows" label={m.rows} rules={[zodRule(shelfShape.rows)]}>
              <NumberInput style={{ width: 100 }} />
            </Form.Item>
            <Form.Item name="levels" label={m.levels} rules={[zodRule(shelfShape.levels)]}>
              <NumberInput style={{ width: 100 }} />
            </Form.Item>
            <Form.Item name="slots" label={m.slots} rules={[zodRule(shelfShape.slots)]}>
              <NumberInput style={{ width: 100 }} />
            </Form.Item>
          </Space>
        </Form>
      </Modal>
    </Card>
  );
}
