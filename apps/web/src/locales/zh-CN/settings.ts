export default {
  title: '系统布局配置',
  theme: '主题色',
  tagsView: '开启 Tags-View',
  fixedHeader: '固定 Header',
  sidebarLogo: '侧边栏 Logo',
  custom: '自定义颜色',
};
