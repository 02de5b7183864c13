export default {
  title: '错误日志',
  message: '信息',
  kind: '类型',
  page: '页面',
  time: '时间',
  detail: '详情',
  clear: '清空',
  runtime: '运行错误',
  request: '请求失败',
  empty: '暂无错误',
};
