import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { App, Button, Card, Descriptions, Form, Input, Modal, Select, Space, Tabs, Tag } from 'antd';
import { AgentApp, SaveAgentBody, WithdrawalAccount, WithdrawalMethod, withdrawalAccountText, type AgentDetail } from '@waystation/shared/contract/proxy';
import { password as passwordRule, percentage } from '@waystation/shared/rules/index';
import type { z } from 'zod';
import { useLang, useT } from '../../i18n';
import { showFieldErrors, validValues, zodRule } from '../../components/zodRule';
import { useVerify, type RunVerified } from '../../components/verify/useVerify';
import {
  modifyRebate,
  modifyWithdrawalAccount,
  resetAgentPhone,
  resetAgentPwd,
  resetAgentTradePwd,
  saveAgent,
  saveAgentApp,
  useAgent,
  useInvalidateProxy,
} from './api';
import { DomainTable, ProfitTable } from './AgentConfigTables';
import { useProxyMessages } from './messages';
import { vocabOptions } from '../../components/list/vocabOptions';
import { LiveText } from '../../components/LiveText';
import { useFormSave } from '../../components/list/useFormSave';

const field = (schema: z.ZodObject, key: string) => zodRule(schema.shape[key] as z.ZodType);

/** proxy/ProxyManage (/proxyManage/manage?id=): create or edit an agent; sensitive settings go through verification. */
export default function ProxyManage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const m = useProxyMessages();
  const agent = useAgent(id);
  if (!id) return <ProfileForm />;
  if (!agent.data) return <Card loading={agent.isLoading} />;
  const a = agent.data;
  return (
    <Card title={`${m.editAgent} · ${a.agentName}`}>
      <Tabs
        items={[
          { key: 'profile', label: m.profile, children: <ProfileForm agent={a} /> },
          { key: 'app', label: m.app, children: <AppForm agent={a} /> },
          { key: 'security', label: m.security, children: <Security agent={a} /> },
          { key: 'domains', label: m.domains, children: <DomainTable agentId={a.id} editable /> },
          { key: 'profit', label: m.profit, children: <ProfitTable agentId={a.id} editable /> },
        ]}
      />
    </Card>
  );
}

function ProfileForm({ agent }: { agent?: AgentDetail }) {
  const m = useProxyMessages();
  const t = useT();
  const navigate = useNavigate();
  const invalidate = useInvalidateProxy();
  const [form] = Form.useForm();
  useEffect(() => {
    if (agent) form.setFieldsValue(agent);
  }, [agent, form]);
  const saveForm = useFormSave();
  const submit = () =>
    saveForm(
      form,
      (v) => saveAgent({ ...v, id: agent?.id }),
      async (res) => {
        await invalidate();
        if (!agent) navigate(`/proxyManage/manage?id=${res.id}`, { replace: true });
      },
    );
  const body = (
    <Form form={form} layout="vertical" style={{ maxWidth: 560 }} onFinish={submit}>
      <Form.Item name="agentName" label={m.agentName} rules={[field(SaveAgentBody, 'agentName')]}>
        <Input maxLength={40} />
      </Form.Item>
      <Form.Item name="contactName" label={m.contactName}>
        <Input maxLength={60} />
      </Form.Item>
      <Form.Item name="email" label={m.email} rules={[field(SaveAgentBody, 'email')]}>
        <Input maxLength={100} />
      </Form.Item>
      {!agent && (
        <Form.Item name="phone" label={m.phone}>
          <Input maxLength={40} />
        </Form.Item>
      )}
      <Form.Item name="remark" label={m.remark}>
        <Input.TextArea maxLength={300} rows={2} />
      </Form.Item>
      <Button type="primary" htmlType="submit">
        {t('common.save')}
      </Button>
    </Form>
  );
  return agent ? body : <Card title={m.createAgent}>{body}</Card>;
}

function AppForm({ agent }: { agent: AgentDetail }) {
  const m = useProxyMessages();
  const t = useT();
  const { message } = App.useApp();
  const invalidate = useInvalidateProxy();
  const [form] = Form.useForm();
  return (
    <Form
      form={form}
      layout="vertical"
      style={{ maxWidth: 560 }}
      initialValues={agent.app}
      onFinish={async (v) => {
        try {
          await saveAgentApp({ id: agent.id, app: v });
          message.success(t('common.success'));
          await invalidate();
        } catch (e) {
          showFieldErrors(form, e);
        }
      }}
    >
      <Form.Item name="siteName" label={m.siteName}>
        <Input maxLength={60} />
      </Form.Item>
      <Form.Item name="logoUrl" label={m.logoUrl} rules={[field(AgentApp, 'logoUrl')]}>
        <Input />
      </Form.Item>
      <Form.Item name="themeColor" label={m.themeColor} rules={[field(AgentApp, 'themeColor')]}>
        <Input placeholder="#409EFF" />
      </Form.Item>
      <Form.Item name="supportEmail" label={m.supportEmail}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="currency" label={m.currency} rules={[field(AgentApp, 'currency')]}>
        <Input placeholder="EUR" maxLength={3} />
      </Form.Item>
      <Button type="primary" htmlType="submit">
        {t('common.save')}
      </Button>
    </Form>
  );
}

type Dialog = 'pwd' | 'trade' | 'phone' | 'rebate' | 'account';

function Security({ agent }: { agent: AgentDetail }) {
  const m = useProxyMessages();
  const lang = useLang((s) => s.lang);
  const [run, holder] = useVerify();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const acc = agent.withdrawalAccount;
  return (
    <>
      <Descriptions column={1} size="small" style={{ maxWidth: 720 }}>
        <Descriptions.Item label={m.resetPwd}>
          <Space>
            <Tag>{agent.hasPassword ? m.set : m.notSet}</Tag>
            <Button size="small" onClick={() => setDialog('pwd')}>
              {m.resetPwd}
            </Button>
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={m.resetTradePwd}>
          <Space>
            <Tag>{agent.hasTradePassword ? m.set : m.notSet}</Tag>
            <Button size="small" onClick={() => setDialog('trade')}>
              {m.resetTradePwd}
            </Button>
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={m.phone}>
          <Space>
            {agent.phone}
            <Button size="small" onClick={() => setDialog('phone')}>
              {m.resetPhone}
            </Button>
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={m.rebate}>
          <Space>
            {agent.rebate}
            <Button size="small" onClick={() => setDialog('rebate')}>
              {m.modifyRebate}
            </Button>
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={m.account}>
          <Space>
            {withdrawalAccountText(acc, lang) || m.notSet}
            <Button size="small" onClick={() => setDialog('account')}>
              {m.modifyAccount}
            </Button>
          </Space>
        </Descriptions.Item>
      </Descriptions>
      {dialog && <SecurityDialog agent={agent} kind={dialog} run={run} onClose={() => setDialog(null)} />}
      {holder}
    </>
  );
}

function SecurityDialog({ agent, kind, run, onClose }: { agent: AgentDetail; kind: Dialog; run: RunVerified; onClose(): void }) {
  const m = useProxyMessages();
  const t = useT();
  const lang = useLang((s) => s.lang);
  const { message } = App.useApp();
  const invalidate = useInvalidateProxy();
  const [form] = Form.useForm();
  const titles: Record<Dialog, string> = { pwd: m.resetPwd, trade: m.resetTradePwd, phone: m.resetPhone, rebate: m.modifyRebate, account: m.modifyAccount };
  const submit = async () => {
    const v = await validValues(form);
    if (!v) return;
    const id = agent.id;
    try {
      const res = await (kind === 'pwd'
        ? run('reset_agent_pwd', id, (h) => resetAgentPwd({ id, password: v.password }, h))
        : kind === 'trade'
          ? run('reset_agent_trade_pwd', id, (h) => resetAgentTradePwd({ id, tradePassword: v.tradePassword }, h))
          : kind === 'phone'
            ? run('reset_agent_phone', id, (h) => resetAgentPhone({ id, phone: v.phone }, h))
            : kind === 'rebate'
              ? run('modify_agent_platform_rebate', id, (h) => modifyRebate({ id, rebate: v.rebate }, h))
              : run('modify_agent_withdrawal_account', id, (h) => modifyWithdrawalAccount({ id, account: v }, h)));
      if (res === undefined) return;
      message.success(t('common.success'));
      await invalidate();
      onClose();
    } catch (e) {
      showFieldErrors(form, e);
    }
  };
  return (
    <Modal open title={titles[kind]} onOk={submit} onCancel={onClose} okText={t('common.confirm')} cancelText={t('common.cancel')} destroyOnHidden>
      <Form
        form={form}
        layout="vertical"
        initialValues={kind === 'account' ? { bankName: '', ...agent.withdrawalAccount } : kind === 'rebate' ? { rebate: agent.rebate } : {}}
      >
        {kind === 'pwd' && (
          <Form.Item name="password" label={m.newPassword} rules={[zodRule(passwordRule)]}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        )}
        {kind === 'trade' && (
          <Form.Item name="tradePassword" label={m.tradePassword} rules={[{ required: true, pattern: /^\d{6}$/, message: m.tradePasswordRule }]}>
            <Input.Password maxLength={6} autoComplete="new-password" />
          </Form.Item>
        )}
        {kind === 'phone' && (
          <Form.Item name="phone" label={m.phone} rules={[{ required: true, min: 5, message: m.phoneRule }]}>
            <Input maxLength={40} />
          </Form.Item>
        )}
        {kind === 'rebate' && (
          <Form.Item name="rebate" label={m.rebate} rules={[zodRule(percentage)]}>
            <Input inputMode="decimal" />
          </Form.Item>
        )}
        {kind === 'account' && (
          <>
            <Form.Item name="method" label={m.method} rules={[{ required: true, message: <LiveText of={useProxyMessages} k="methodRequired" /> }]}>
              <Select options={vocabOptions(WithdrawalMethod, lang)} />
            </Form.Item>
            <Form.Item name="accountName" label={m.accountName} rules={[field(WithdrawalAccount, 'accountName')]}>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name="accountNo" label={m.accountNo} rules={[field(WithdrawalAccount, 'accountNo')]}>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name="bankName" label={m.bankName}>
              <Input maxLength={100} />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}
