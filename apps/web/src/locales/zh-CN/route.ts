/** Titles of the routes this shell owns; each product area keeps its titles in its own catalogue. */
export default {
  home: '首页',
  login: '登录',
  authRedirect: '登录跳转',
  page404: '404',
  page401: '401',
  checkvip: '页面不存在',
  redirect: '刷新',
};
