import { Link, useNavigate } from 'react-router';
import { Button, Card, Col, Form, Input, Row, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { Faq } from '@waystation/shared/contract/config';
import { formatTime } from '../../utils/time';
import { ListPage, useListPage } from '../../components/list/ListPage';
import { useDeleteFaq, useFaqList, useTipsList } from './api';
import { VIP_TERMINAL_PAGES } from './VipTerminalConfigPages';
import { useConfigMessages } from './messages';
import { fill, useLang } from '../../i18n';
import { StatusTag, useConfirmedAction } from '../../components/list/status';

/** Member terminal: every text page with whether it is configured and translated, and the FAQ entries. */
export default function VipTerminalConfig() {
  const m = useConfigMessages();
  const lang = useLang((s) => s.lang);
  const confirm = useConfirmedAction();
  const navigate = useNavigate();
  const tips = useTipsList(1);
  const list = useListPage((q) => ({ keyword: q.keyword }));
  const faqs = useFaqList(list.params);
  const del = useDeleteFaq();
  const entry = (key: string) => tips.data?.find((t) => t.tipsKey === key);
  const remove = (f: Faq) =>
    confirm({ title: m.confirmDeletion, content: fill(m.confirmFaqDelete, { question: f.question }), danger: true, run: () => del.mutateAsync(f.id) });
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card title={m.memberSiteTexts}>
        <Row gutter={[12, 12]}>
          {VIP_TERMINAL_PAGES.map((p) => {
            const e = entry(p.key);
            return (
              <Col key={p.key} xs={24} sm={12} md={8} lg={6}>
                <Link to={p.path}>
                  <Card size="small" hoverable>
                    <div style={{ fontWeight: 500 }}>{p.title[lang]}</div>
                    <Space size={4} style={{ marginTop: 6 }} wrap>
                      {!e && <Tag color="orange">{m.notConfigured}</Tag>}
                      {e?.status === 'disabled' && <Tag>{m.disabledTag}</Tag>}
                      {e && e.status === 'activity' && <Tag color="green">{m.configured}</Tag>}
                      {!!e?.missingLangs.length && <Tag color="gold">{fill(m.missingLangs, { n: e.missingLangs.length })}</Tag>}
                    </Space>
                  </Card>
                </Link>
              </Col>
            );
          })}
        </Row>
      </Card>
      <Card title="FAQ">
        <ListPage<Faq>
          list={list}
          result={faqs}
          toolbar={
            <Button icon={<PlusOutlined />} onClick={() => navigate('/systemManage/vipTerminalConfig/FAQOperate')}>
              {m.addFaq}
            </Button>
          }
          columns={[
            { key: 'sort', title: m.sort, dataIndex: 'sort', width: 70 },
            { key: 'category', title: m.category, dataIndex: 'category', width: 100 },
            { key: 'question', title: m.question, dataIndex: 'question' },
            {
              key: 'trans',
              title: m.translations,
              width: 120,
              render: (_, f) =>
                f.missingLangs.length ? <Tag color="gold">{fill(m.missingN, { n: f.missingLangs.length })}</Tag> : <Tag color="green">{m.complete}</Tag>,
            },
            {
              key: 'status',
              title: m.status,
              dataIndex: 'status',
              width: 80,
              render: (s: string) => <StatusTag status={s} />,
            },
            { key: 'modifyTime', title: m.updated, dataIndex: 'modifyTime', width: 170, render: formatTime },
            {
              key: 'actions',
              title: m.actions,
              width: 130,
              render: (_, f) => (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => navigate(`/systemManage/vipTerminalConfig/FAQOperate?id=${f.id}`)}>
                    {m.edit}
                  </Button>
                  <Button type="link" size="small" danger onClick={() => remove(f)}>
                    {m.remove}
                  </Button>
                </Space>
              ),
            },
          ]}
        >
          <Form.Item name="keyword" label={m.keyword}>
            <Input allowClear />
          </Form.Item>
        </ListPage>
      </Card>
    </Space>
  );
}
