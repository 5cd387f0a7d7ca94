import { Form, Input, Modal, Select } from 'antd';
import { AdminSaveBody, type AdminAccount } from '@waystation/shared/contract/admin';
import type { RoleOptionList } from '@waystation/shared/contract/role';
import { roleTexts } from '@waystation/shared/menu';
import { useLang, useT } from '../../i18n';
import { zodRule } from '../../components/zodRule';
import { useSaveAdmin } from './api';
import { useAdminMessages } from './messages';
import { useFormSave } from '../../components/list/useFormSave';
import { useVerify } from '../../components/verify/useVerify';

interface Values {
  username: string;
  name: string;
  password?: string;
  roles: string[];
  avatar?: string;
  introduction?: string;
}

const shape = AdminSaveBody.shape;

/** Creates (password required) or edits (empty password = unchanged) a staff account. */
export function AdminEditModal({ account, roles, onClose }: { account: AdminAccount | null; roles: RoleOptionList; onClose(): void }) {
  const t = useT();
  const lang = useLang((s) => s.lang);
  const m = useAdminMessages();
  const [form] = Form.useForm<Values>();
  const save = useSaveAdmin();
  const [runVerified, verifyHolder] = useVerify();

  const saveForm = useFormSave();
  const submit = () =>
    saveForm(
      form,
      async (v) => {
        const body = {
          ...(account ? { id: account.id } : {}),
          username: v.username.trim(),
          name: v.name.trim(),
          roles: v.roles,
          avatar: v.avatar ?? '',
          introduction: v.introduction ?? '',
          ...(v.password ? { password: v.password } : {}),
        } satisfies AdminSaveBody;
        if (!account || !v.password) return save.mutateAsync({ body });
        // Setting another person's password is a sensitive operation: a verifier approves it.
        const result = await runVerified('reset_admin_pwd', account.id, (headers) => save.mutateAsync({ body, headers }));
        if (!result) throw new Error('verification cancelled');
        return result;
      },
      onClose,
    );

  return (
    <Modal
      open
      title={account ? m.editAdmin : m.createAdmin}
      onCancel={onClose}
      onOk={submit}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        name="adminEdit"
        layout="vertical"
        initialValues={
          account
            ? { username: account.username, name: account.name, roles: account.roles, avatar: account.avatar, introduction: account.introduction }
            : { roles: [] }
        }
      >
        <Form.Item name="username" label={m.username} rules={[zodRule(shape.username)]}>
          <Input autoComplete="off" disabled={!!account} />
        </Form.Item>
        <Form.Item name="name" label={m.name} rules={[zodRule(shape.name)]}>
          <Input />
        </Form.Item>
        <Form.Item
          name="password"
          label={m.password}
          extra={account ? m.passwordKeep : undefined}
          rules={[account ? zodRule(shape.password, { emptyAsUndefined: true }) : zodRule(shape.password.unwrap())]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="roles" label={m.roles} rules={[zodRule(shape.roles)]}>
          <Select mode="multiple" options={roles.map((r) => ({ value: r.key, label: roleTexts(r, lang).name }))} />
        </Form.Item>
        <Form.Item name="avatar" label={m.avatar} rules={[zodRule(shape.avatar)]}>
          <Input />
        </Form.Item>
        <Form.Item name="introduction" label={m.introduction} rules={[zodRule(shape.introduction)]}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
      {verifyHolder}
    </Modal>
  );
}
