// The verified edits of 会员详情 (VipDetail): a member's address, their customer-service person, their identity check.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { App, Form, Input, Modal, Radio, Select } from 'antd';
import type { MemberAddress, MemberDetail as Member } from '@waystation/shared/contract/vip';
import { KycDocumentType } from '@waystation/shared/contract/openAccounts';
import { initAdminUsers } from '../../api/admin';
import { fill, useLang, useT } from '../../i18n';
import { showFieldErrors, validValues } from '../../components/zodRule';
import type { RunVerified } from '../../components/verify/useVerify';
import { modifyAddress, modifyKfc, reviewKyc, useInvalidateMember } from './api';
import { useFormSave } from '../../components/list/useFormSave';
import { useVipMessages } from './messages';

export function AddressModal({ memberId, address, run, onClose }: { memberId: number; address: MemberAddress; run: RunVerified; onClose(): void }) {
  const m = useVipMessages();
  const t = useT();
  const { message } = App.useApp();
  const invalidate = useInvalidateMember();
  const [form] = Form.useForm<Omit<MemberAddress, 'id' | 'isDefault'>>();
  const submit = async () => {
    const v = await validValues(form);
    if (!v) return;
    try {
      const res = await run('modify_user_address', memberId, (h) => modifyAddress({ memberId, addressId: address.id, ...v }, h));
      if (!res && res !== null) return;
      message.success(t('common.success'));
      await invalidate();
      onClose();
    } catch (e) {
      showFieldErrors(form, e);
    }
  };
  return (
    <Modal open title={m.editAddress} onOk={submit} onCancel={onClose} okText={t('common.save')} cancelText={t('common.cancel')} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={address}>
        <Form.Item name="receiver" label={m.receiver} rules={[{ required: true, whitespace: true }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="phone" label={m.phone}>
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item name="country" label={m.country} rules={[{ required: true, whitespace: true }]}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="province" label={m.province}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="city" label={m.city}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="address" label={m.address} rules={[{ required: true, whitespace: true }]}>
          <Input.TextArea maxLength={300} rows={2} />
        </Form.Item>
        <Form.Item name="postcode" label={m.postcode}>
          <Input maxLength={20} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function KfcModal({ member, run, onClose }: { member: Member; run: RunVerified; onClose(): void }) {
  const m = useVipMessages();
  const t = useT();
  const { message } = App.useApp();
  const invalidate = useInvalidateMember();
  const admins = useQuery({ queryKey: ['admin', 'options'], queryFn: initAdminUsers, staleTime: 60_000 });
  const [value, setValue] = useState<number | null>(member.kfcAdminId);
  const submit = async () => {
    const res = await run('modify_user_kfc', member.id, (h) => modifyKfc({ memberId: member.id, kfcAdminId: value }, h));
    if (res === undefined) return;
    message.success(t('common.success'));
    await invalidate();
    onClose();
  };
  return (
    <Modal open title={m.setKfc} onOk={submit} onCancel={onClose} okText={t('common.save')} cancelText={t('common.cancel')} destroyOnHidden>
      <Select
        style={{ width: '100%' }}
        allowClear
        value={value ?? undefined}
        onChange={(v) => setValue(v ?? null)}
        loading={admins.isLoading}
        optionFilterProp="label"
        showSearch
        options={admins.data?.map((a) => ({ value: a.id, label: `${a.name}（${a.username}）` }))}
      />
    </Modal>
  );
}

/**
 * Approve a member's pending identity check, or reject it with the reason the member will read. Neither is chosen
 * beforehand: a Save without a choice approves nothing.
 */
export function KycReviewModal({ member, onClose }: { member: Member; onClose(): void }) {
  const m = useVipMessages();
  const t = useT();
  const lang = useLang((s) => s.lang);
  const invalidate = useInvalidateMember();
  const saveForm = useFormSave();
  const [form] = Form.useForm<{ result: 'passed' | 'rejected'; reason: string }>();
  const result = Form.useWatch('result', form);
  return (
    <Modal
      open
      title={m.kycReviewTitle}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onCancel={onClose}
      onOk={() =>
        saveForm(
          form,
          (v) => reviewKyc({ memberId: member.id, result: v.result, reason: v.reason ?? '' }),
          async () => {
            await invalidate();
            onClose();
          },
        )
      }
      destroyOnHidden
    >
      <p>{fill(m.kycSubmitted, { name: member.kyc.fullName, type: KycDocumentType.label(member.kyc.documentType, lang), hint: member.kyc.documentHint })}</p>
      <Form form={form} layout="vertical" name="kycReview" initialValues={{ reason: '' }}>
        <Form.Item name="result" label={m.kycResult} rules={[{ required: true, message: m.kycResultRequired }]}>
          <Radio.Group
            options={[
              { value: 'passed', label: m.kycApprove },
              { value: 'rejected', label: m.kycReject },
            ]}
          />
        </Form.Item>
        {result === 'rejected' && (
          <Form.Item name="reason" label={m.kycReason}>
            <Input.TextArea maxLength={200} rows={3} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
