import { Link } from 'react-router';
import { Card, Col, Row } from 'antd';
import { CATALOGUE } from '@waystation/shared/menu/catalogue';
import { isRegistered } from '../registry';
import { useLang } from '../../i18n';
import { useConfigMessages } from './messages';

const PAGES = (CATALOGUE.find((r) => r.path === '/systemManage')?.children ?? []).filter((r) => r.path.startsWith('agentBackendConfig/'));

/** Agent terminal: its configuration pages (only those with a working screen are offered). */
export default function AgentBackendConfig() {
  const m = useConfigMessages();
  const lang = useLang((s) => s.lang);
  return (
    <Card title={m.agentBackendConfig}>
      <Row gutter={[12, 12]}>
        {PAGES.filter((p) => isRegistered(p.component)).map((p) => (
          <Col key={p.path} xs={24} sm={12} md={8} lg={6}>
            <Link to={`/systemManage/${p.path}`}>
              <Card size="small" hoverable>
                {lang === 'en' ? p.title.en : p.title.zh}
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
    </Card>
  );
}
