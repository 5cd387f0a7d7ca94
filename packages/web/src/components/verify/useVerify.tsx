import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, App, Button, Descriptions, Form, Input, Modal, Radio, Select, Space } from 'antd';
import { ErrorCode } from '@waystation/shared/contract/common';
import { VERIFY_TICKET_HEADER, VerifyRequired, type VerifySubject, type VerifySummaryLine, type VerifyType } from '@waystation/shared/contract/verification';
import { SensitiveOperation } from '@waystation/shared/vocab/account';
import { ApiError } from '../../api/request';
import { fill, useLang } from '../../i18n';
import { showFieldErrors, validValues } from '../zodRule';
import { doLoginVerify, fetchVerifyEnable, sendVerifyCode } from './api';
import { useVerifyMessages } from './messages';

export type VerifiedAction<T> = (headers: Record<string, string>) => Promise<T>;
/** Runs `action` after verification when the type needs it; resolves undefined when the operator cancels. */
export type RunVerified = <T>(type: VerifyType, target: string | number, action: VerifiedAction<T>) => Promise<T | undefined>;

interface Pending {
  type: VerifyType;
  target: string;
  subjects: VerifySubject[];
  /** The server's sealed copy of the operation (from its 42800): the code and ticket are bound to its values. */
  request?: string;
  /** What is being approved, as the server read it. */
  summary: VerifySummaryLine[];
  resolve(ticket: string | null): void;
}

/** The data of a 42800 refusal: the operation the server wants verified. */
const asRequired = (e: unknown) => (e instanceof ApiError && e.code === ErrorCode.VERIFICATION_REQUIRED ? VerifyRequired.safeParse(e.data).data : undefined);

/**
 * SPEC §6 in the browser: ask whether the type is enabled; if so the verify dialog opens (verifier, code sent to
 * them or read from their authenticator app), and the action runs with the ticket in X-Verify-Ticket. A type that
 * is not enabled is rejected here, as the server would. Render `holder` once in the page.
 */
export function useVerify(): [RunVerified, ReactNode] {
  const [pending, setPending] = useState<Pending | null>(null);
  const { message } = App.useApp();
  const m = useVerifyMessages();

  const askTicket = useCallback((p: Omit<Pending, 'resolve'>) => new Promise<string | null>((resolve) => setPending({ ...p, resolve })), []);

  const run: RunVerified = useCallback(
    async (type, target, action) => {
      const { enable, subjectList } = await fetchVerifyEnable(type);
      if (!enable) {
        message.error(m.disabled, 5);
        return undefined;
      }
      // The server first says what it will ask the verifier to approve (its 42800 carries the values, sealed).
      let required: ReturnType<typeof asRequired>;
      try {
        return await action({});
      } catch (e) {
        required = asRequired(e);
        if (!required) throw e;
      }
      for (let attempt = 0; attempt < 2; attempt++) {
        const ticket = await askTicket({
          type,
          target: required.target || String(target),
          subjects: subjectList,
          request: required.request,
          summary: required.summary ?? [],
        });
        if (!ticket) return undefined;
        try {
          return await action({ [VERIFY_TICKET_HEADER]: ticket });
        } catch (e) {
          // An expired ticket (the dialog stayed open too long): verify once more.
          const again = asRequired(e);
          if (!again || attempt === 1) throw e;
          required = again;
        }
      }
      return undefined;
    },
    [askTicket, message, m.disabled],
  );

  const holder = pending ? (
    <VerifyDialog
      key={`${pending.type}:${pending.target}`}
      pending={pending}
      onDone={(ticket) => {
        pending.resolve(ticket);
        setPending(null);
      }}
    />
  ) : null;
  return [run, holder];
}

function VerifyDialog({ pending, onDone }: { pending: Pending; onDone(ticket: string | null): void }) {
  const m = useVerifyMessages();
  const lang = useLang((s) => s.lang);
  const [form] = Form.useForm<{ subjectId?: number; method: 'code' | 'totp'; code: string }>();
  const subjectId = Form.useWatch('subjectId', form);
  const method = Form.useWatch('method', form);
  const subject = pending.subjects.find((s) => s.id === subjectId);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [countdown, setCountdown] = useState(0);
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setInterval>>(undefined);

  useEffect(() => () => clearInterval(timer.current), []);
  useEffect(() => {
    if (subject && !subject.totp && method === 'totp') form.setFieldValue('method', 'code');
  }, [subject, method, form]);

  const send = async () => {
    if (!subjectId) {
      form.setFields([{ name: 'subjectId', errors: [m.subjectRequired] }]);
      return;
    }
    try {
      const res = await sendVerifyCode({ type: pending.type, subjectId, request: pending.request });
      setSentTo(subject?.name ?? '');
      const until = new Date(res.resendAfter).getTime();
      setCountdown(Math.max(0, Math.ceil((until - Date.now()) / 1000)));
      clearInterval(timer.current);
      timer.current = setInterval(() => setCountdown((c) => (c <= 1 ? (clearInterval(timer.current), 0) : c - 1)), 1000);
    } catch (e) {
      showFieldErrors(form, e);
    }
  };

  const submit = async () => {
    const v = await validValues(form);
    if (!v) return;
    setBusy(true);
    try {
      const res = await doLoginVerify({
        type: pending.type,
        subjectId: v.subjectId!,
        code: v.code.trim(),
        method: v.method,
        target: pending.target,
        request: pending.request,
      });
      onDone(res.ticket);
    } catch (e) {
      showFieldErrors(form, e);
    } finally {
      setBusy(false);
    }
  };

  const noSubject = pending.subjects.length === 0;
  return (
    <Modal
      open
      title={m.title}
      okText={m.confirm}
      onOk={submit}
      okButtonProps={{ loading: busy, disabled: noSubject }}
      onCancel={() => onDone(null)}
      destroyOnHidden
      maskClosable={false}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ subjectId: pending.subjects[0]?.id, method: pending.subjects[0]?.totp ? 'totp' : 'code', code: '' }}
        onFinish={submit}
      >
        <Form.Item label={m.operation}>
          <span data-testid="verify-operation">{SensitiveOperation.label(pending.type, lang)}</span>
        </Form.Item>
        {pending.summary.length > 0 && (
          <Form.Item label={m.approves}>
            <Descriptions
              size="small"
              column={1}
              bordered
              data-testid="verify-summary"
              items={pending.summary.map((l) => ({ key: l.label, label: l.label, children: l.value }))}
            />
          </Form.Item>
        )}
        {noSubject && <Alert type="warning" showIcon message={m.noSubject} />}
        <Form.Item name="subjectId" label={m.subject} rules={[{ required: true, message: m.subjectRequired }]}>
          <Select options={pending.subjects.map((s) => ({ value: s.id, label: `${s.name}（${s.username}）` }))} />
        </Form.Item>
        <Form.Item name="method" label={m.method}>
          <Radio.Group>
            <Radio value="code">{m.methodCode}</Radio>
            <Radio value="totp" disabled={!subject?.totp}>
              {m.methodTotp}
            </Radio>
          </Radio.Group>
        </Form.Item>
        {method === 'totp' ? (
          <Alert type="info" showIcon message={m.totpHint} style={{ marginBottom: 16 }} />
        ) : (
          <Form.Item>
            <Space>
              <Button onClick={send} disabled={countdown > 0 || noSubject}>
                {countdown > 0 ? fill(m.resendIn, { s: countdown }) : m.send}
              </Button>
              {sentTo !== null && <span>{fill(m.sent, { name: sentTo })}</span>}
            </Space>
          </Form.Item>
        )}
        <Form.Item name="code" label={m.code} rules={[{ required: true, pattern: /^\d{6}$/, message: m.codeInvalid }]}>
          <Input inputMode="numeric" maxLength={6} placeholder={m.codePlaceholder} autoComplete="one-time-code" onPressEnter={submit} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
