import { useState } from 'react';
import { useNavigate } from 'react-router';
import { App, Button, Card, Col, Form, Input, Modal, Radio, Row, Select, Space, Tag, Tree, TreeSelect } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { HelpCategoryUpdateBody, type HelpArticleListItem, type HelpCategoryNode } from '@waystation/shared/contract/help';
import { formatTime } from '../../utils/time';
import { useListQuery } from '../../components/useListQuery';
import { useFormFromQuery } from '../../components/useFormFromQuery';
import type { ResizableColumn } from '../../components/ResizableTable';
import { ListTable } from '../../components/list/ListTable';
import { showFieldErrors, validValues, zodRule } from '../../components/zodRule';
import { useAddCategory, useArticleStatus, useArticles, useCategoryTree, useDeleteHelp, useUpdateCategory } from './api';
import { toTreeData } from './HomeOperate';
import { NumberInput } from '../../components/NumberInput';

type CatNode = { key: number; title: string; children: CatNode[] };
const toNodes = (ns: HelpCategoryNode[]): CatNode[] =>
  ns.map((n) => ({ key: n.id, title: `${n.name}${n.status === 'disabled' ? '（禁用）' : ''} (${n.articleCount})`, children: toNodes(n.children) }));
const findNode = (ns: HelpCategoryNode[], id: number): HelpCategoryNode | undefined => {
  for (const n of ns) {
    if (n.id === id) return n;
    const c = findNode(n.children, id);
    if (c) return c;
  }
  return undefined;
};

/** Help centre: category tree (add, edit, move, delete when empty) and the articles of the chosen category. */
export default function HelpHome() {
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const tree = useCategoryTree();
  const { query, page, limit, setFilters, setPage } = useListQuery();
  const categoryId = Number(query.categoryId) || undefined;
  const [form] = Form.useForm();
  const filters = { keyword: query.keyword, status: query.status as 'draft' | 'published' | undefined };
  const articles = useArticles({ page, limit, categoryId, ...filters });
  const status = useArticleStatus();
  const del = useDeleteHelp();
  const [editingCat, setEditingCat] = useState<HelpCategoryNode | 'new' | null>(null);
  useFormFromQuery(form, filters);
  const selected = categoryId ? findNode(tree.data ?? [], categoryId) : undefined;

  const togglePublish = (a: HelpArticleListItem) => {
    const next = a.status === 'published' ? 'draft' : 'published';
    modal.confirm({
      title: '确认',
      content: `确定要${next === 'published' ? '发布' : '下架'}文章「${a.title}」吗？`,
      onOk: async () => {
        await status.mutateAsync({ id: a.id, status: next });
        message.success('操作成功');
      },
    });
  };
  const remove = (type: 'article' | 'category', id: number, name: string) =>
    modal.confirm({
      title: '确认删除',
      content: `确定删除${type === 'article' ? '文章' : '分类'}「${name}」吗？此操作不可恢复。`,
      okButtonProps: { danger: true },
      onOk: async () => {
        await del.mutateAsync({ id, type });
        message.success('操作成功');
        if (type === 'category') setFilters({});
      },
    });

  const columns: ResizableColumn<HelpArticleListItem>[] = [
    { key: 'id', title: 'ID', dataIndex: 'id', width: 70 },
    { key: 'title', title: '标题', dataIndex: 'title', width: 260 },
    { key: 'categoryName', title: '分类', dataIndex: 'categoryName', width: 120 },
    {
      key: 'status',
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (s: string) => <Tag color={s === 'published' ? 'green' : 'default'}>{s === 'published' ? '已发布' : '草稿'}</Tag>,
    },
    { key: 'sort', title: '排序', dataIndex: 'sort', width: 70 },
    { key: 'authorName', title: '编辑人', dataIndex: 'authorName', width: 100 },
    { key: 'modifyTime', title: '更新时间', dataIndex: 'modifyTime', width: 170, render: formatTime },
    {
      key: 'actions',
      title: '操作',
      width: 200,
      fixed: 'right',
      render: (_, a) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => navigate(`/helpCenter/homeOperate?id=${a.id}`)}>
            编辑
          </Button>
          <Button type="link" size="small" onClick={() => togglePublish(a)}>
            {a.status === 'published' ? '下架' : '发布'}
          </Button>
          <Button type="link" size="small" danger onClick={() => remove('article', a.id, a.title)}>
            删除
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Row gutter={16}>
      <Col xs={24} md={7} lg={6}>
        <Card
          title="分类"
          size="small"
          extra={
            <Button size="small" icon={<PlusOutlined />} onClick={() => setEditingCat('new')}>
              新增
            </Button>
          }
        >
          <Tree<CatNode>
            treeData={toNodes(tree.data ?? [])}
            defaultExpandAll
            blockNode
            selectedKeys={categoryId ? [categoryId] : []}
            onSelect={(keys) => setFilters({ ...filters, categoryId: keys[0] as number | undefined })}
          />
          {selected && (
            <Space style={{ marginTop: 12 }}>
              <Button size="small" onClick={() => setEditingCat(selected)}>
                编辑分类
              </Button>
              <Button size="small" danger onClick={() => remove('category', selected.id, selected.name)}>
                删除分类
              </Button>
            </Space>
          )}
        </Card>
      </Col>
      <Col xs={24} md={17} lg={18}>
        <Card>
          <Form form={form} layout="inline" className="list-filters" onFinish={(v) => setFilters({ ...v, categoryId })}>
            <Form.Item name="keyword" label="文章标题">
              <Input allowClear />
            </Form.Item>
            <Form.Item name="status" label="状态">
              <Select
                allowClear
                style={{ width: 110 }}
                placeholder="全部"
                options={[
                  { value: 'published', label: '已发布' },
                  { value: 'draft', label: '草稿' },
                ]}
              />
            </Form.Item>
            <Form.Item>
              <Space>
                <Button type="primary" htmlType="submit">
                  查询
                </Button>
                <Button icon={<PlusOutlined />} onClick={() => navigate(`/helpCenter/homeOperate${categoryId ? `?categoryId=${categoryId}` : ''}`)}>
                  新增文章
                </Button>
              </Space>
            </Form.Item>
          </Form>
          <ListTable<HelpArticleListItem>
            columns={columns}
            rows={articles.data?.list}
            total={articles.data?.total}
            loading={articles.isFetching}
            page={page}
            limit={limit}
            onPage={setPage}
          />
        </Card>
      </Col>
      {editingCat && (
        <CategoryModal
          category={editingCat === 'new' ? null : editingCat}
          tree={tree.data ?? []}
          parentId={editingCat === 'new' ? (categoryId ?? null) : null}
          onClose={() => setEditingCat(null)}
        />
      )}
    </Row>
  );
}

function CategoryModal({
  category,
  tree,
  parentId,
  onClose,
}: {
  category: HelpCategoryNode | null;
  tree: HelpCategoryNode[];
  parentId: number | null;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Omit<HelpCategoryUpdateBody, 'id'>>();
  const add = useAddCategory();
  const update = useUpdateCategory();
  const submit = async () => {
    const v = await validValues(form);
    if (!v) return;
    const body = { ...v, parentId: v.parentId ?? null };
    try {
      if (category) await update.mutateAsync({ ...body, id: category.id });
      else await add.mutateAsync(body);
      message.success('操作成功');
      onClose();
    } catch (e) {
      showFieldErrors(form, e);
    }
  };
  return (
    <Modal open title={category ? '编辑分类' : '新增分类'} onOk={submit} onCancel={onClose} confirmLoading={add.isPending || update.isPending} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={category ?? { parentId, sort: 0, status: 'activity' }}>
        <Form.Item name="name" label="名称" rules={[{ required: true, message: '请输入分类名称' }]}>
          <Input />
        </Form.Item>
        <Form.Item name="nameEn" label="英文名称">
          <Input />
        </Form.Item>
        <Form.Item name="parentId" label="上级分类">
          <TreeSelect allowClear treeData={toTreeData(tree)} treeDefaultExpandAll placeholder="无（顶级）" />
        </Form.Item>
        <Space>
          <Form.Item name="sort" label="排序" rules={[zodRule(HelpCategoryUpdateBody.shape.sort)]}>
            <NumberInput style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="status" label="状态">
            <Radio.Group
              options={[
                { value: 'activity', label: '启用' },
                { value: 'disabled', label: '禁用' },
              ]}
            />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}
