import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, Badge, Breadcrumb, Button, Card, Col, ConfigProvider, Dropdown, Empty, Menu, Row, Spin, Statistic, Tag, Tooltip, Typography } from 'antd';
import { AntdTheme } from './AntdRoot';
import { SIDEBAR_MENU_THEME } from './layout/Sidebar';

/** One of each antd component the shell and the dashboard show first, in the themes they show it in. */
function FirstScreenComponents() {
  return (
    <App>
      <ConfigProvider theme={SIDEBAR_MENU_THEME}>
        <Menu mode="inline" theme="dark" items={[{ key: 'a', label: 'a', children: [{ key: 'b', label: 'b' }] }]} />
      </ConfigProvider>
      <Breadcrumb items={[{ title: 'a' }]} />
      <Dropdown menu={{ items: [] }}>
        <Button type="text">a</Button>
      </Dropdown>
      <Tooltip title="a">
        <Button size="small" type="primary">
          a
        </Button>
      </Tooltip>
      <Badge dot></Badge>
      <Row>
        <Col span={12}>
          <Card title="a" loading>
            <Statistic value={1} />
          </Card>
          <Card title="a">
            <Statistic value={1} />
            <Tag color="green">a</Tag>
            <Typography.Text type="secondary">a</Typography.Text>
            <Typography.Title level={5}>a</Typography.Title>
          </Card>
        </Col>
      </Row>
      <Empty />
      <Spin />
    </App>
  );
}

let warmed = false;

/**
 * antd computes a component's CSS the first time it renders (about half of the script after pressing 登录). This
 * renders the first screen's components once, off the page and interruptibly, while the login form waits: the
 * shell then finds their styles computed. The tree stays mounted, as unmounting would drop them from antd's cache.
 */
export function warmStyles(): void {
  if (warmed) return;
  warmed = true;
  const root = createRoot(document.createElement('div'));
  startTransition(() =>
    root.render(
      <AntdTheme>
        <FirstScreenComponents />
      </AntdTheme>,
    ),
  );
}
