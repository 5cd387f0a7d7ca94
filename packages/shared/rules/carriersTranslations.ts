import type { TextPair } from './translations';

/** English for carrier bookings (issue #33.2): the forwarder's carrier account, booking at packing, cancels. */
export const CARRIERS_TRANSLATIONS: TextPair[] = [
  ['国家请填两位大写字母代码', 'Enter the country as its two capital letter code'],
  ['请输入承运商 API key', 'Enter the carrier API key'],
  ['请填写完整的发件地址（姓名、街道、城市、邮编、国家）', 'Fill in the whole sender address (name, street, city, postcode, country)'],
  ['包裹 {packageNo} 的渠道货代没有配置承运商接口', "The forwarder of package {packageNo}'s channel has no carrier account"],
  [
    '包裹 {packageNo} 还没有称重或已交接，不能向承运商订舱',
    'Package {packageNo} is not weighed yet or already handed over: it cannot be booked with the carrier',
  ],
  [
    '包裹 {packageNo} 的上一张运单还没有在承运商取消，请稍后重试',
    "Package {packageNo}'s previous shipment is not canceled at the carrier yet; try again later",
  ],
  ['订舱未完成（服务中断）', 'The booking did not finish (the server stopped)'],
  [
    '货代的承运商接口已删除或更换，请到承运商后台取消运单',
    "The forwarder's carrier account was removed or changed: cancel the shipment in the carrier's own site",
  ],
  ['承运商 {carrier} 拒绝了 API key：{message}', 'Carrier {carrier} refused the API key: {message}'],
  ['承运商 {carrier} 拒绝订舱：{message}', 'Carrier {carrier} refused the booking: {message}'],
  ['承运商 {carrier} 拒绝取消运单：{message}', 'Carrier {carrier} refused to cancel the shipment: {message}'],
  ['承运商 {carrier} 暂时无法连接：{message}', 'Carrier {carrier} cannot be reached for now: {message}'],
  ['承运商 {carrier} 没有服务 {service} 的运价', 'Carrier {carrier} has no rate for service {service}'],
  ['承运商 {carrier} 没有可用的运价', 'Carrier {carrier} has no rate available'],
  ['承运商 {carrier} 没有返回面单或运单号', 'Carrier {carrier} sent no label or tracking number'],
  [
    '承运商 {carrier} 的面单下载失败（{message}），已买的运单将被取消',
    "Carrier {carrier}'s label could not be downloaded ({message}); the shipment bought is canceled",
  ],
  ['{carrier} 请求的地址 {host} 不是配置的 API 地址', '{carrier} was to call {host}, which is not the configured API address'],
  ['演示承运商只在演示模式（或 CARRIER_SANDBOX=1）下可用', 'The demo carrier is available in demo mode (or with CARRIER_SANDBOX=1) only'],
];
