import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { App, Button, Card, Collapse, Form, Input, Radio, Space } from 'antd';
import { FaqSaveBody } from '@waystation/shared/contract/config';
import { TRANSLATION_LANGUAGES } from '@waystation/shared/vocab/config-content';
import { showFieldErrors, zodRule } from '../../components/zodRule';
import { useFaq, useSaveFaq } from './api';
import { NumberInput } from '../../components/NumberInput';
import { useConfigMessages } from './messages';
import { fill } from '../../i18n';
import { useStatusOptions } from '../../components/list/status';

/** Creates (no ?id=) or edits one FAQ entry with its translations. */
export default function FAQOperate() {
  const m = useConfigMessages();
  const statusOptions = useStatusOptions();
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
      message.success(m.done);
      navigate('/systemManage/vipTerminalConfig');
    } catch (e) {
      showFieldErrors(form, e);
    }
  };
  return (
    <Card title={id ? m.editFaq : m.addFaq} loading={id > 0 && faq.isLoading}>
      <Form<FaqSaveBody>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ status: 'activity', sort: 0, category: '' }}
        style={{ maxWidth: 800 }}
      >
        <Space>
          <Form.Item name="category" label={m.category}>
            <Input />
          </Form.Item>
          <Form.Item name="sort" label={m.sort} rules={[zodRule(FaqSaveBody.shape.sort)]}>
            <NumberInput style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="status" label={m.status}>
            <Radio.Group options={statusOptions} />
          </Form.Item>
        </Space>
        <Form.Item name="question" label={m.question} rules={[{ required: true, message: m.enterTheQuestion }]}>
          <Input />
        </Form.Item>
        <Form.Item name="answer" label={m.answer} rules={[{ required: true, message: m.enterTheAnswer }]}>
          <Input.TextArea rows={6} />
        </Form.Item>
        <Collapse
          size="small"
          items={[
            {
              key: 'tr',
              label: m.translations,
              children: TRANSLATION_LANGUAGES.map((l) => (
                <Space key={l} direction="vertical" style={{ width: '100%' }}>
                  <Form.Item name={['translations', l, 'question']} label={fill(m.langQuestion, { lang: l })}>
                    <Input />
                  </Form.Item>
                  <Form.Item name={['translations', l, 'answer']} label={fill(m.langAnswer, { lang: l })}>
                    <Input.TextArea rows={3} />
                  </Form.Item>
                </Space>
              )),
            },
          ]}
        />
        <Space style={{ marginTop: 16 }}>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {m.save}
          </Button>
          <Button onClick={() => navigate('/systemManage/vipTerminalConfig')}>{m.back}</Button>
        </Space>
      </Form>
    </Card>
  );
}
