import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Card, Col, Form, Input, Modal, Radio, Row, Select, Space, Tag, Tree, TreeSelect } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { HelpCategoryUpdateBody, type HelpArticleListItem, type HelpCategoryNode } from '@waystation/shared/contract/help';
import { formatTime } from '../../utils/time';
import { ListPage, useListPage } from '../../components/list/ListPage';
import type { ResizableColumn } from '../../components/ResizableTable';
import { zodRule } from '../../components/zodRule';
import { useAddCategory, useArticleStatus, useArticles, useCategoryTree, useDeleteHelp, useUpdateCategory } from './api';
import { toTreeData } from './HomeOperate';
import { NumberInput } from '../../components/NumberInput';
import { useHelpMessages } from './messages';
import { fill } from '../../i18n';
import { useConfirmedAction } from '../../components/list/status';
import { useFormSave } from '../../components/list/useFormSave';

type CatNode = { key: number; title: string; children: CatNode[] };
const toNodes = (ns: HelpCategoryNode[], disabled: string): CatNode[] =>
  ns.map((n) => ({ key: n.id, title: `${n.name}${n.status === 'disabled' ? disabled : ''} (${n.articleCount})`, children: toNodes(n.children, disabled) }));
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
  const m = useHelpMessages();
  const confirm = useConfirmedAction();
  const navigate = useNavigate();
  const tree = useCategoryTree();
  const list = useListPage((q) => ({ keyword: q.keyword, status: q.status as 'draft' | 'published' | undefined }));
  const { query, filters, setFilters } = list;
  const categoryId = Number(query.categoryId) || undefined;
  const articles = useArticles({ ...list.params, categoryId });
  const status = useArticleStatus();
  const del = useDeleteHelp();
  const [editingCat, setEditingCat] = useState<HelpCategoryNode | 'new' | null>(null);
  const selected = categoryId ? findNode(tree.data ?? [], categoryId) : undefined;

  const togglePublish = (a: HelpArticleListItem) => {
    const next = a.status === 'published' ? 'draft' : 'published';
    confirm({
      title: m.ok,
      content: fill(m.confirmArticleStatus, { action: next === 'published' ? m.publish : m.unpublish, title: a.title }),
      run: () => status.mutateAsync({ id: a.id, status: next }),
    });
  };
  const remove = (type: 'article' | 'category', id: number, name: string) =>
    confirm({
      title: m.confirmDeletion,
      content: fill(m.confirmDelete, { what: type === 'article' ? m.articles : m.category, name }),
      danger: true,
      run: () => del.mutateAsync({ id, type }),
      after: () => {
        if (type === 'category') setFilters({});
      },
    });

  const columns: ResizableColumn<HelpArticleListItem>[] = [
    { key: 'id', title: 'ID', dataIndex: 'id', width: 70 },
    { key: 'title', title: m.title, dataIndex: 'title', width: 260 },
    { key: 'categoryName', title: m.category, dataIndex: 'categoryName', width: 120 },
    {
      key: 'status',
      title: m.status,
      dataIndex: 'status',
      width: 90,
      render: (s: string) => <Tag color={s === 'published' ? 'green' : 'default'}>{s === 'published' ? m.published : m.draft}</Tag>,
    },
    { key: 'sort', title: m.sort, dataIndex: 'sort', width: 70 },
    { key: 'authorName', title: m.editedBy, dataIndex: 'authorName', width: 100 },
    { key: 'modifyTime', title: m.updated, dataIndex: 'modifyTime', width: 170, render: formatTime },
    {
      key: 'actions',
      title: m.actions,
      width: 200,
      fixed: 'right',
      render: (_, a) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => navigate(`/helpCenter/homeOperate?id=${a.id}`)}>
            {m.edit}
          </Button>
          <Button type="link" size="small" onClick={() => togglePublish(a)}>
            {a.status === 'published' ? m.unpublish : m.publish}
          </Button>
          <Button type="link" size="small" danger onClick={() => remove('article', a.id, a.title)}>
            {m.delete}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Row gutter={16}>
      <Col xs={24} md={7} lg={6}>
        <Card
          title={m.category}
          size="small"
          extra={
            <Button size="small" icon={<PlusOutlined />} onClick={() => setEditingCat('new')}>
              {m.add}
            </Button>
          }
        >
          <Tree<CatNode>
            treeData={toNodes(tree.data ?? [], m.disabled)}
            defaultExpandAll
            blockNode
            selectedKeys={categoryId ? [categoryId] : []}
            onSelect={(keys) => setFilters({ ...filters, categoryId: keys[0] as number | undefined })}
          />
          {selected && (
            <Space style={{ marginTop: 12 }}>
              <Button size="small" onClick={() => setEditingCat(selected)}>
                {m.editCategory}
              </Button>
              <Button size="small" danger onClick={() => remove('category', selected.id, selected.name)}>
                {m.deleteCategory}
              </Button>
            </Space>
          )}
        </Card>
      </Col>
      <Col xs={24} md={17} lg={18}>
        <Card>
          <ListPage<HelpArticleListItem>
            list={list}
            result={articles}
            columns={columns}
            toValues={(v) => ({ ...(v as Record<string, string | undefined>), categoryId })}
            resetTo={{ categoryId }}
            toolbar={
              <Button icon={<PlusOutlined />} onClick={() => navigate(`/helpCenter/homeOperate${categoryId ? `?categoryId=${categoryId}` : ''}`)}>
                {m.addArticle}
              </Button>
            }
          >
            <Form.Item name="keyword" label={m.articleTitle}>
              <Input allowClear />
            </Form.Item>
            <Form.Item name="status" label={m.status}>
              <Select
                allowClear
                style={{ width: 110 }}
                placeholder={m.all}
                options={[
                  { value: 'published', label: m.published },
                  { value: 'draft', label: m.draft },
                ]}
              />
            </Form.Item>
          </ListPage>
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
  const m = useHelpMessages();
  const [form] = Form.useForm<Omit<HelpCategoryUpdateBody, 'id'>>();
  const add = useAddCategory();
  const update = useUpdateCategory();
  const saveForm = useFormSave();
  const submit = () =>
    saveForm(
      form,
      async (v) => {
        const body = { ...v, parentId: v.parentId ?? null };
        if (category) await update.mutateAsync({ ...body, id: category.id });
        else await add.mutateAsync(body);
      },
      onClose,
    );
  return (
    <Modal
      open
      title={category ? m.editCategory : m.addCategory}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={add.isPending || update.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={category ?? { parentId, sort: 0, status: 'activity' }}>
        <Form.Item name="name" label={m.name} rules={[{ required: true, message: m.enterTheCategoryName }]}>
          <Input />
        </Form.Item>
        <Form.Item name="nameEn" label={m.englishName}>
          <Input />
        </Form.Item>
        <Form.Item name="parentId" label={m.parentCategory}>
          <TreeSelect allowClear treeData={toTreeData(tree)} treeDefaultExpandAll placeholder={m.noneTopLevel} />
        </Form.Item>
        <Space>
          <Form.Item name="sort" label={m.sort} rules={[zodRule(HelpCategoryUpdateBody.shape.sort)]}>
            <NumberInput style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="status" label={m.status}>
            <Radio.Group
              options={[
                { value: 'activity', label: m.enabled },
                { value: 'disabled', label: m.disabled2 },
              ]}
            />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}
