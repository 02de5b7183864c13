export default {
  notFoundTitle: '页面不存在',
  notFoundDesc: '您访问的页面不存在，可能已被移动或下线。',
  unauthorizedTitle: '没有访问权限',
  unauthorizedDesc: '您没有权限访问该页面，请登录后重试或联系管理员。',
  checkvipDesc: '该页面不存在或暂未开放。您可以返回首页，或看看我们的优惠套餐。',
  backHome: '返回首页',
  goPackages: '查看优惠套餐',
  goLogin: '去登录',
  goBack: '返回上一页',
};
