import { App, Avatar, Button, Card, Col, Form, Input, Row, Space, Tag, Typography } from 'antd';
import { PASSWORD_MESSAGE, password as passwordRule } from '@waystation/shared/rules';
import { getInfo, updateOwnData } from '../../api/admin';
import { useT } from '../../i18n';
import { showFieldErrors, zodRule } from '../../components/zodRule';
import { checkInfo, useSession } from '../../shell/session';
import { TotpCard } from '../../components/verify/TotpCard';
import { useProfileMessages } from './messages';

/** /profile/index: own name, avatar and introduction, and a password change (needs the current password). */
export default function Profile() {
  const t = useT();
  const m = useProfileMessages();
  const { message } = App.useApp();
  const info = useSession((s) => s.info);
  const [profile] = Form.useForm<{ name: string; avatar?: string; introduction?: string }>();
  const [pwd] = Form.useForm<{ oldPassword: string; newPassword: string; confirm: string }>();

  const reloadInfo = async () => {
    const fresh = checkInfo(await getInfo());
    useSession.setState({ info: fresh });
  };

  const saveProfile = async (v: { name: string; avatar?: string; introduction?: string }) => {
    try {
      await updateOwnData({ name: v.name.trim(), avatar: v.avatar ?? '', introduction: v.introduction ?? '' });
      message.success(t('common.success'));
      await reloadInfo();
    } catch (e) {
      showFieldErrors(profile, e);
    }
  };

  const savePassword = async (v: { oldPassword: string; newPassword: string }) => {
    try {
      await updateOwnData({ oldPassword: v.oldPassword, newPassword: v.newPassword });
      message.success(t('common.success'));
      pwd.resetFields();
    } catch (e) {
      showFieldErrors(pwd, e);
    }
  };

  if (!info) return null;
  return (
    <Row gutter={16}>
      <Col xs={24} lg={8}>
        <Card>
          <Space direction="vertical" align="center" style={{ width: '100%' }}>
            <Avatar size={80} src={info.avatar || undefined}>
              {info.name.slice(0, 1)}
            </Avatar>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {info.name}
            </Typography.Title>
            <Typography.Text type="secondary">{info.username}</Typography.Text>
            <div>
              {info.roles.map((r) => (
                <Tag key={r}>{r}</Tag>
              ))}
            </div>
            {info.introduction && <Typography.Paragraph>{info.introduction}</Typography.Paragraph>}
          </Space>
        </Card>
        <div style={{ marginTop: 16 }}>
          <TotpCard />
        </div>
      </Col>
      <Col xs={24} lg={16}>
        <Card title={m.info} style={{ marginBottom: 16 }}>
          <Form
            form={profile}
            layout="vertical"
            initialValues={{ name: info.name, avatar: info.avatar, introduction: info.introduction }}
            onFinish={saveProfile}
          >
            <Form.Item name="name" label={m.name} rules={[{ required: true, whitespace: true, message: m.nameRequired }]}>
              <Input maxLength={64} />
            </Form.Item>
            <Form.Item name="avatar" label={m.avatar}>
              <Input maxLength={500} />
            </Form.Item>
            <Form.Item name="introduction" label={m.introduction}>
              <Input.TextArea rows={3} maxLength={500} />
            </Form.Item>
            <Button type="primary" htmlType="submit">
              {t('common.save')}
            </Button>
          </Form>
        </Card>
        <Card title={m.password}>
          <Form form={pwd} layout="vertical" onFinish={savePassword}>
            <Form.Item name="oldPassword" label={m.oldPassword} rules={[{ required: true, message: m.oldRequired }]}>
              <Input.Password autoComplete="current-password" />
            </Form.Item>
            <Form.Item name="newPassword" label={m.newPassword} rules={[zodRule(passwordRule)]} extra={PASSWORD_MESSAGE}>
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <Form.Item
              name="confirm"
              label={m.confirmPassword}
              dependencies={['newPassword']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_, v) => (v === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error(m.mismatch))),
                }),
              ]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit">
              {m.changePassword}
            </Button>
          </Form>
        </Card>
      </Col>
    </Row>
  );
}
