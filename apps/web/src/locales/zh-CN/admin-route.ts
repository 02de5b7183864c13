/** The route titles of `admin:` (the menus need them before the area's page texts are loaded). */
export default {
  group: '管理后台',
  library: '比对库',
  prices: '价格与限制',
  users: '用户',
  orders: '订单',
  system: '系统',
  audit: '操作日志',
  models: 'AI 模型',
  packages: '套餐',
};
