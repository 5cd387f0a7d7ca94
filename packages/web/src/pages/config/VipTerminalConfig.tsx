import { Link, useNavigate } from 'react-router';
import { App, Button, Card, Col, Form, Input, Row, Space, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { Faq } from '@waystation/shared/contract/config';
import { formatTime } from '../../utils/time';
import { useListQuery } from '../../components/useListQuery';
import { useFormFromQuery } from '../../components/useFormFromQuery';
import { useDeleteFaq, useFaqList, useTipsList } from './api';
import { VIP_TERMINAL_PAGES } from './VipTerminalConfigPages';

/** Member terminal: every text page with whether it is configured and translated, and the FAQ entries. */
export default function VipTerminalConfig() {
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const tips = useTipsList(1);
  const { query, page, limit, setFilters, setPage } = useListQuery();
  const [form] = Form.useForm();
  const faqs = useFaqList({ page, limit, keyword: query.keyword });
  const del = useDeleteFaq();
  useFormFromQuery(form, { keyword: query.keyword });
  const entry = (key: string) => tips.data?.find((t) => t.tipsKey === key);
  const remove = (f: Faq) =>
    modal.confirm({
      title: '确认删除',
      content: `确定删除问题「${f.question}」吗？`,
      okButtonProps: { danger: true },
      onOk: async () => {
        await del.mutateAsync(f.id);
        message.success('操作成功');
      },
    });
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card title="会员端文案配置">
        <Row gutter={[12, 12]}>
          {VIP_TERMINAL_PAGES.map((p) => {
            const e = entry(p.key);
            return (
              <Col key={p.key} xs={24} sm={12} md={8} lg={6}>
                <Link to={p.path}>
                  <Card size="small" hoverable>
                    <div style={{ fontWeight: 500 }}>{p.title}</div>
                    <Space size={4} style={{ marginTop: 6 }} wrap>
                      {!e && <Tag color="orange">未配置</Tag>}
                      {e?.status === 'disabled' && <Tag>已禁用</Tag>}
                      {e && e.status === 'activity' && <Tag color="green">已配置</Tag>}
                      {!!e?.missingLangs.length && <Tag color="gold">缺少{e.missingLangs.length}种翻译</Tag>}
                    </Space>
                  </Card>
                </Link>
              </Col>
            );
          })}
        </Row>
      </Card>
      <Card title="FAQ">
        <Form form={form} layout="inline" className="list-filters" onFinish={(v) => setFilters(v)}>
          <Form.Item name="keyword" label="关键字">
            <Input allowClear />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit">
                查询
              </Button>
              <Button icon={<PlusOutlined />} onClick={() => navigate('/systemManage/vipTerminalConfig/FAQOperate')}>
                新增FAQ
              </Button>
            </Space>
          </Form.Item>
        </Form>
        <Table<Faq>
          rowKey="id"
          dataSource={faqs.data?.list}
          loading={faqs.isFetching}
          pagination={{ current: page, pageSize: limit, total: faqs.data?.total ?? 0, onChange: setPage, showTotal: (n) => `共 ${n} 条` }}
          columns={[
            { key: 'sort', title: '排序', dataIndex: 'sort', width: 70 },
            { key: 'category', title: '分类', dataIndex: 'category', width: 100 },
            { key: 'question', title: '问题', dataIndex: 'question' },
            {
              key: 'trans',
              title: '翻译',
              width: 120,
              render: (_, f) => (f.missingLangs.length ? <Tag color="gold">缺少{f.missingLangs.length}种</Tag> : <Tag color="green">完整</Tag>),
            },
            {
              key: 'status',
              title: '状态',
              dataIndex: 'status',
              width: 80,
              render: (s: string) => <Tag color={s === 'activity' ? 'green' : 'orange'}>{s === 'activity' ? '启用' : '禁用'}</Tag>,
            },
            { key: 'modifyTime', title: '更新时间', dataIndex: 'modifyTime', width: 170, render: formatTime },
            {
              key: 'actions',
              title: '操作',
              width: 130,
              render: (_, f) => (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => navigate(`/systemManage/vipTerminalConfig/FAQOperate?id=${f.id}`)}>
                    编辑
                  </Button>
                  <Button type="link" size="small" danger onClick={() => remove(f)}>
                    删除
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </Card>
    </Space>
  );
}
