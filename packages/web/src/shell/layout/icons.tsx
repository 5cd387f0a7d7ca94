import {
  AppstoreOutlined, AuditOutlined, BellOutlined, CameraOutlined, ClockCircleOutlined, CloudServerOutlined, ContainerOutlined, CustomerServiceOutlined,
  DashboardOutlined, DatabaseOutlined, DropboxOutlined, EnvironmentOutlined, ExportOutlined, FileSearchOutlined, GiftOutlined,
  InboxOutlined, MoneyCollectOutlined, PauseCircleOutlined, QuestionCircleOutlined, SafetyOutlined, ScanOutlined, SearchOutlined,
  SettingOutlined, ShopOutlined, ShoppingCartOutlined, SortAscendingOutlined, TeamOutlined, TransactionOutlined, TruckOutlined,
  UnorderedListOutlined, UserOutlined, WalletOutlined, WarningOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/** The catalogue's icon names (packages/shared/menu/catalogue.ts) → antd icons. */
const ICONS: Record<string, ComponentType> = {
  audit: AuditOutlined,
  backup: CloudServerOutlined,
  bell: BellOutlined,
  box: DropboxOutlined,
  camera: CameraOutlined,
  clock: ClockCircleOutlined,
  'customer-service': CustomerServiceOutlined,
  dashboard: DashboardOutlined,
  'file-search': FileSearchOutlined,
  gift: GiftOutlined,
  list: UnorderedListOutlined,
  location: EnvironmentOutlined,
  money: MoneyCollectOutlined,
  package: InboxOutlined,
  pause: PauseCircleOutlined,
  question: QuestionCircleOutlined,
  safety: SafetyOutlined,
  scan: ScanOutlined,
  search: SearchOutlined,
  setting: SettingOutlined,
  shelf: DatabaseOutlined,
  shopping: ShoppingCartOutlined,
  sort: SortAscendingOutlined,
  team: TeamOutlined,
  transaction: TransactionOutlined,
  truck: TruckOutlined,
  unshelve: ExportOutlined,
  user: UserOutlined,
  wallet: WalletOutlined,
  warehouse: ShopOutlined,
  warning: WarningOutlined,
  container: ContainerOutlined,
};

export function MenuIcon({ name }: { name?: string }) {
  const Icon = (name && ICONS[name]) || AppstoreOutlined;
  return <Icon />;
}
