import { useEffect } from 'react';
import { App, Alert, Button, Card, Collapse, Form, Input, Radio, Space, Switch, Tag } from 'antd';
import type { TipsEntry } from '@waystation/shared/contract/config';
import { TRANSLATION_LANGUAGES } from '@waystation/shared/vocab/config-content';
import { formatTime } from '../../utils/time';
import { showFieldErrors } from '../../components/zodRule';
import { ImagesField, type Picture } from './TipsConfigImages';
import { useSaveTips, useTips } from './api';
import { LANG_NAMES, useConfigMessages } from './messages';
import { fill } from '../../i18n';
import { useStatusOptions } from '../../components/list/status';

interface EntryForm {
  tipsText: string;
  images: Picture[];
  status: 'activity' | 'disabled';
  needTrans: boolean;
  translations: Record<string, string>;
}

/** Edits one config text entry (SPEC §3) of one terminal: text, images, status, translations; "操作成功" on save. */
export function TipsEntryEditor({ appId, tipsKey, title, withImages }: { appId: 1 | 2; tipsKey: string; title: string; withImages?: boolean }) {
  const m = useConfigMessages();
  const statusOptions = useStatusOptions();
  const { message } = App.useApp();
  const [form] = Form.useForm<EntryForm>();
  const tips = useTips(appId, [tipsKey]);
  const save = useSaveTips();
  const entry: TipsEntry | undefined = tips.data?.[0];
  const needTrans = Form.useWatch('needTrans', form);
  useEffect(() => {
    if (entry)
      form.setFieldsValue({
        tipsText: entry.tipsText,
        images: entry.images,
        status: entry.status,
        needTrans: entry.needTrans,
        translations: entry.translations,
      });
  }, [entry, form]);
  const submit = async (v: EntryForm) => {
    const translations = Object.fromEntries(Object.entries(v.translations ?? {}).filter(([, t]) => t?.trim()));
    try {
      await save.mutateAsync({
        appId,
        confList: [{ tipsKey, tipsText: v.tipsText ?? '', images: v.images ?? [], status: v.status, needTrans: v.needTrans, translations }],
      });
      message.success(m.done);
    } catch (e) {
      showFieldErrors(form, e);
    }
  };
  return (
    <Card
      title={
        <Space>
          {title}
          <Tag>{tipsKey}</Tag>
          {entry && !entry.saved && <Tag color="orange">{m.notConfigured}</Tag>}
        </Space>
      }
      loading={tips.isLoading}
      extra={entry?.modifyTime && <span style={{ color: '#999' }}>{fill(m.updatedBy, { name: entry.updatedBy, time: formatTime(entry.modifyTime) })}</span>}
    >
      <Form<EntryForm> form={form} layout="vertical" onFinish={submit} initialValues={{ status: 'activity', needTrans: true, images: [], translations: {} }}>
        <Form.Item name="tipsText" label={m.contentChinese}>
          <Input.TextArea rows={8} aria-label={m.contentChinese} />
        </Form.Item>
        {withImages !== false && (
          <Form.Item name="images" label={m.image}>
            <ImagesField type="tips" />
          </Form.Item>
        )}
        <Space size="large">
          <Form.Item name="status" label={m.status}>
            <Radio.Group options={statusOptions} />
          </Form.Item>
          <Form.Item name="needTrans" label={m.needsTranslation} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        {needTrans && (
          <>
            {!!entry?.missingLangs.length && entry.saved && (
              <Alert
                type="warning"
                showIcon
                style={{ marginBottom: 12 }}
                message={fill(m.missingTranslations, { langs: entry.missingLangs.map((l) => LANG_NAMES[l] ?? l).join('、') })}
              />
            )}
            <Collapse
              size="small"
              items={[
                {
                  key: 'tr',
                  label: m.translations,
                  children: TRANSLATION_LANGUAGES.map((l) => (
                    <Form.Item key={l} name={['translations', l]} label={LANG_NAMES[l]}>
                      <Input.TextArea rows={3} />
                    </Form.Item>
                  )),
                },
              ]}
            />
          </>
        )}
        <Button type="primary" htmlType="submit" loading={save.isPending} style={{ marginTop: 16 }}>
          {m.save}
        </Button>
      </Form>
    </Card>
  );
}
