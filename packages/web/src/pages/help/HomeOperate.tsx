import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { App, Button, Card, Form, Input, Space, Tag, TreeSelect, Upload } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import { HelpArticleSaveBody, type HelpCategoryNode } from '@waystation/shared/contract/help';
import { zodRule } from '../../components/zodRule';
import { uploadImage } from '../config/TipsConfigImages';
import { useArticle, useArticleStatus, useCategoryTree, useSaveArticle } from './api';
import { MarkdownEditor } from './MarkdownEditor';
import { NumberInput } from '../../components/NumberInput';
import { useHelpMessages } from './messages';
import { useFormSave } from '../../components/list/useFormSave';

interface TreeOption {
  value: number;
  title: string;
  children: TreeOption[];
}
export const toTreeData = (nodes: HelpCategoryNode[]): TreeOption[] => nodes.map((n) => ({ value: n.id, title: n.name, children: toTreeData(n.children) }));

/** Edits a help article (?id=) or writes a new one (?categoryId=): markdown editor with live preview, save, publish. */
export default function HomeOperate() {
  const m = useHelpMessages();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const article = useArticle(id);
  const tree = useCategoryTree();
  const save = useSaveArticle();
  const status = useArticleStatus();
  const [form] = Form.useForm<HelpArticleSaveBody>();
  useEffect(() => {
    if (article.data)
      form.setFieldsValue({ title: article.data.title, categoryId: article.data.categoryId, content: article.data.content, sort: article.data.sort });
  }, [article.data, form]);
  const saveForm = useFormSave();
  const submit = (publish: boolean) =>
    saveForm(
      form,
      async (v) => {
        const r = await save.mutateAsync({ ...v, id: id || undefined });
        if (publish) await status.mutateAsync({ id: r.id, status: 'published' });
        return r;
      },
      (r) => !id && setParams({ id: String(r.id) }, { replace: true }),
    );
  const insertImage = async (file: File) => {
    try {
      const pic = await uploadImage(file, 'help');
      const content = form.getFieldValue('content') ?? '';
      form.setFieldValue('content', `${content}${content && !content.endsWith('\n') ? '\n' : ''}![${file.name}](${pic.fileUrl})\n`);
    } catch (e) {
      message.error((e as Error).message, 5);
    }
  };
  return (
    <Card
      loading={id > 0 && article.isLoading}
      title={
        <Space>
          {id ? m.editArticle : m.addArticle}
          {article.data && (
            <Tag color={article.data.status === 'published' ? 'green' : 'default'}>{article.data.status === 'published' ? m.published : m.draft}</Tag>
          )}
        </Space>
      }
    >
      <Form<HelpArticleSaveBody>
        form={form}
        layout="vertical"
        initialValues={{ categoryId: Number(params.get('categoryId')) || undefined, sort: 0, content: '' }}
      >
        <Space align="start" wrap>
          <Form.Item name="title" label={m.title} rules={[{ required: true, message: m.enterTheTitle }]}>
            <Input style={{ width: 420 }} aria-label={m.title} />
          </Form.Item>
          <Form.Item name="categoryId" label={m.category} rules={[{ required: true, message: m.chooseACategory }]}>
            <TreeSelect style={{ width: 220 }} treeData={toTreeData(tree.data ?? [])} treeDefaultExpandAll aria-label={m.category} />
          </Form.Item>
          <Form.Item name="sort" label={m.sort} rules={[zodRule(HelpArticleSaveBody.shape.sort)]}>
            <NumberInput style={{ width: 120 }} />
          </Form.Item>
        </Space>
        <Form.Item name="content" label={m.content} rules={[{ required: true, message: m.enterTheContent }]}>
          <MarkdownEditor
            extra={
              <Upload accept="image/*" showUploadList={false} customRequest={({ file }) => void insertImage(file as File)}>
                <Button icon={<PictureOutlined />}>{m.insertImage}</Button>
              </Upload>
            }
          />
        </Form.Item>
        <Space>
          <Button type="primary" loading={save.isPending} onClick={() => submit(false)}>
            {m.save}
          </Button>
          <Button loading={save.isPending || status.isPending} onClick={() => submit(true)}>
            {m.saveAndPublish}
          </Button>
          <Button onClick={() => navigate('/helpCenter/home')}>{m.back}</Button>
        </Space>
      </Form>
    </Card>
  );
}
