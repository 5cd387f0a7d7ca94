import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadDashboard } from '../shell/preload';

/**
 * Every screen of the back-office, keyed by the component path the server's menu names
 * (packages/shared/menu/catalogue.ts). Each page is its own lazily loaded chunk.
 *
 * A menu route whose component is missing here is not shown in the sidebar or the route search, and
 * opening its URL shows "页面暂未开放". Add a screen by adding one line here.
 */
export const PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  'dashboard/Dashboard': lazy(loadDashboard),
  'profile/Profile': lazy(() => import('./profile/Profile')),
  'system/AdminUserList': lazy(() => import('./system/AdminUserList')),
  'system/RoleList': lazy(() => import('./system/RoleList')),
  'system/AuditList': lazy(() => import('./system/AuditList')),
  'system/VerifyConfig': lazy(() => import('./verification/VerifyConfig')),
  'vip/VipList': lazy(() => import('./vip/VipList')),
  'vip/VipDetail': lazy(() => import('./vip/VipDetail')),
  'vip/UserLevel': lazy(() => import('./vip/UserLevel')),
  'transaction/TransactionList': lazy(() => import('./transaction/TransactionList')),
  'transaction/TransactionDetail': lazy(() => import('./transaction/TransactionDetail')),
  'afterSales/RefundedList': lazy(() => import('./afterSales/RefundedList')),
  'afterSales/RefundedDetail': lazy(() => import('./afterSales/RefundedDetail')),
  'afterSales/ReturnReview': lazy(() => import('./afterSales/ReturnReview')),
  'finance/AgentWithdrawalList': lazy(() => import('./finance/AgentWithdrawalList')),
  'finance/AgentWithdrawalDetail': lazy(() => import('./finance/AgentWithdrawalDetail')),
  'proxy/ProxyList': lazy(() => import('./proxy/ProxyList')),
  'proxy/ProxyManage': lazy(() => import('./proxy/ProxyManage')),
  'proxy/ProxyDetail': lazy(() => import('./proxy/ProxyDetail')),
  'proxy/AgentUserList': lazy(() => import('./proxy/AgentUserList')),
  'system/agentBotManage': lazy(() => import('./proxy/AgentTerminalPage').then((m) => ({ default: m.BotManage }))),
  'system/agentServerManage': lazy(() => import('./proxy/AgentTerminalPage').then((m) => ({ default: m.ServerManage }))),
  'system/agentMyDomain': lazy(() => import('./proxy/AgentTerminalPage').then((m) => ({ default: m.MyDomain }))),
  'system/agentVipManage': lazy(() => import('./proxy/AgentTerminalPage').then((m) => ({ default: m.VipManage }))),
  'buy/BuyOrderList': lazy(() => import('./buy/BuyOrderList')),
  'buy/HoldOrderList': lazy(() => import('./buy/HoldOrderList')),
  'buy/OrderDetail': lazy(() => import('./buy/OrderDetail')),
  'warehouse/OrderQuery': lazy(() => import('./warehouse/OrderQuery')),
  'warehouse/OrderDetail': lazy(() => import('./warehouse/OrderDetail')),
  'warehouse/InboundScan': lazy(() => import('./warehouse/InboundScan')),
  'warehouse/QcPhoto': lazy(() => import('./warehouse/QcPhoto')),
  'warehouse/Shelving': lazy(() => import('./warehouse/Shelving')),
  'warehouse/ShelfLocation': lazy(() => import('./warehouse/ShelfLocation')),
  'waitPaidOrder/WaitPaidList': lazy(() => import('./waitPaidOrder/WaitPaidList')),
  'waitPaidOrder/WaitPaidDetail': lazy(() => import('./waitPaidOrder/WaitPaidDetail')),
  'logistics/ChannelList': lazy(() => import('./logistics/ChannelList')),
  'logistics/CountryAreaConfig': lazy(() => import('./logistics/CountryAreaConfig')),
  'logistics/BindChannelAttr': lazy(() => import('./logistics/BindChannelAttr')),
  'logistics/ProvinceConfig': lazy(() => import('./logistics/ProvinceConfig')),
  'logistics/ForwarderList': lazy(() => import('./logistics/ForwarderList')),
  'logistics/FreightCalculator': lazy(() => import('./logistics/FreightCalculator')),
  'system/TipsConfig': lazy(() => import('./system/TipsConfig')),
  'system/VipTerminalConfig': lazy(() => import('./system/VipTerminalConfig')),
  'system/FAQOperate': lazy(() => import('./system/FAQOperate')),
  'system/AgentBackendConfig': lazy(() => import('./system/AgentBackendConfig')),
  'system/agentShare': lazy(() => import('./system/AgentBackendConfigShare')),
  'help/HelpHome': lazy(() => import('./help/HelpHome')),
  'help/HomeOperate': lazy(() => import('./help/HomeOperate')),
  'system/ParamList': lazy(() => import('./system/ParamList')),
  'system/AppVersion': lazy(() => import('./system/AppVersion')),
  'system/ReferenceData': lazy(() => import('./system/ReferenceData')),
  'payment/ChannelList': lazy(() => import('./payment/ChannelList')),
  'payment/ChannelConfig': lazy(() => import('./payment/ChannelConfig')),
  'payment/ConfigRuleList': lazy(() => import('./payment/ConfigRuleList')),
  'payment/ConfigRuleOperate': lazy(() => import('./payment/ConfigRuleOperate')),
  'payment/ConfigRuleDetail': lazy(() => import('./payment/ConfigRuleDetail')),
  'notification/ChannelList': lazy(() => import('./notification/ChannelList')),
  'notification/NotificationHome': lazy(() => import('./notification/NotificationHome')),
  'notification/OperateChannel': lazy(() => import('./notification/OperateChannel')),
  'marketing/CouponList': lazy(() => import('./marketing/CouponList')),
  'marketing/OperateConstCoupon': lazy(() => import('./marketing/OperateConstCoupon')),
  'marketing/OperateCycleCoupon': lazy(() => import('./marketing/OperateCycleCoupon')),
  'marketing/CouponSendRecord': lazy(() => import('./marketing/CouponSendRecord')),
};

export function isRegistered(component: string): boolean {
  return Object.hasOwn(PAGES, component);
}
