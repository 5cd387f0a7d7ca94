import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { App, Button, Card, Collapse, Form, Input, Radio, Space } from 'antd';
import { FaqSaveBody } from '@waystation/shared/contract/config';
import { TRANSLATION_LANGUAGES } from '@waystation/shared/vocab/config-content';
import { showFieldErrors, zodRule } from '../../components/zodRule';
import { useFaq, useSaveFaq } from './api';
import { NumberInput } from '../../components/NumberInput';

/** Creates (no ?id=) or edits one FAQ entry with its translations. */
export default function FAQOperate() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const faq = useFaq(id);
  const save = useSaveFaq();
  const [form] = Form.useForm<FaqSaveBody>();
  useEffect(() => {
    if (faq.data) form.setFieldsValue(faq.data as FaqSaveBody);
  }, [faq.data, form]);
  const submit = async (v: FaqSaveBody) => {
    const translations = Object.fromEntries(Object.entries(v.translations ?? {}).filter(([, t]) => t?.question?.trim() || t?.answer?.trim()));
    try {
      await save.mutateAsync({ ...v, id: id || undefined, translations });
      message.success('操作成功');
      navigate('/systemManage/vipTerminalConfig');
    } catch (e) {
      showFieldErrors(form, e);
    }
  };
  return (
    <Card title={id ? '编辑FAQ' : '新增FAQ'} loading={id > 0 && faq.isLoading}>
      <Form<FaqSaveBody>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ status: 'activity', sort: 0, category: '' }}
        style={{ maxWidth: 800 }}
      >
        <Space>
          <Form.Item name="category" label="分类">
            <Input />
          </Form.Item>
          <Form.Item name="sort" label="排序" rules={[zodRule(FaqSaveBody.shape.sort)]}>
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
        <Form.Item name="question" label="问题" rules={[{ required: true, message: '请输入问题' }]}>
          <Input />
        </Form.Item>
        <Form.Item name="answer" label="回答" rules={[{ required: true, message: '请输入回答' }]}>
          <Input.TextArea rows={6} />
        </Form.Item>
        <Collapse
          size="small"
          items={[
            {
              key: 'tr',
              label: '翻译',
              children: TRANSLATION_LANGUAGES.map((l) => (
                <Space key={l} direction="vertical" style={{ width: '100%' }}>
                  <Form.Item name={['translations', l, 'question']} label={`${l} 问题`}>
                    <Input />
                  </Form.Item>
                  <Form.Item name={['translations', l, 'answer']} label={`${l} 回答`}>
                    <Input.TextArea rows={3} />
                  </Form.Item>
                </Space>
              )),
            },
          ]}
        />
        <Space style={{ marginTop: 16 }}>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存
          </Button>
          <Button onClick={() => navigate('/systemManage/vipTerminalConfig')}>返回</Button>
        </Space>
      </Form>
    </Card>
  );
}
