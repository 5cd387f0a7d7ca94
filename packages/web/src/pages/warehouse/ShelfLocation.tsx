import { useState } from 'react';
import { Button, Card, Form, Input, Modal, Select, Space, Switch } from 'antd';
import { warehouseShelfLocationPageListCall, ShelfBatchAddBody, type ShelfLocation as Shelf } from '@waystation/shared/contract/warehouse';
import { fill, useT } from '../../i18n';
import { formatTime } from '../../utils/time';
import { useListQuery } from '../../components/useListQuery';
import { useFormFromQuery } from '../../components/useFormFromQuery';
import { FilterBar } from '../../components/list/FilterBar';
import { ListTable } from '../../components/list/ListTable';
import { ExportButton } from '../../components/list/ExportButton';
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
  const { query, page, limit, setFilters, setPage } = useListQuery();
  const [form] = Form.useForm();
  const [adding, setAdding] = useState(false);
  const list = useShelves({ page, limit, code: query.code, zone: query.zone, active: query.active });
  const toggle = useShelfWrite(({ id, active }: { id: number; active: boolean }) => setShelfStatus(id, active ? '1' : '0'));
  const add = useShelfWrite(batchAddShelves);
  const [addForm] = Form.useForm();
  useFormFromQuery(form, { code: query.code, zone: query.zone, active: query.active });

  return (
    <Card>
      <FilterBar
        form={form}
        onSearch={setFilters}
        extra={
          <Space>
            <ExportButton
              call={warehouseShelfLocationPageListCall}
              params={{ code: query.code, zone: query.zone, active: query.active }}
              columns={[
                { title: m.code, field: 'code' },
                { title: m.zone, field: 'zone' },
                { title: m.items, field: 'itemCount', kind: 'number' },
                { title: m.active, field: 'active', labels: { true: t('common.yes'), false: t('common.no') } },
                { title: t('common.createTime'), field: 'createTime', kind: 'time' },
              ]}
              name={m.exportShelves}
            />
            <Button onClick={() => setAdding(true)}>{m.batchAdd}</Button>
          </Space>
        }
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
      </FilterBar>
      <ListTable<Shelf>
        size="small"
        result={list}
        page={page}
        limit={limit}
        onPage={setPage}
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
      />
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
