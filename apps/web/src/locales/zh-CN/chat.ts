/** AI 助手 (/gpt). */
export default {
  routeTitle: 'AI 助手',
  brand: 'AI 学术助手',
  newChat: '新建对话',
  history: '历史对话',
  noHistory: '还没有对话，开始第一次提问吧',
  loadMore: '加载更多',
  delete: '删除',
  deleteConfirm: '删除这个对话？',
  deleteHint: '对话及其全部消息将被删除，无法恢复。',
  deleted: '对话已删除',
  backHome: '返回首页',
  login: '登录',
  signedInAs: '用户ID：{{id}}',
  guest: '游客',
  welcome: {
    title: '有什么可以帮你？',
    subtitle: '选题、提纲、润色、翻译、文献综述——把你的问题交给 AI 学术助手。',
  },
  suggestions: {
    topic: {
      title: '论文选题',
      desc: '根据专业方向给出可行的选题与创新点',
      prompt:
        '我是【专业】方向的本科生，请帮我列出 5 个适合毕业论文的选题，并分别说明研究意义、可行性和可能的创新点。',
    },
    outline: {
      title: '论文提纲',
      desc: '生成结构完整、层次清晰的章节提纲',
      prompt:
        '请为题目《【论文题目】》拟一份本科毕业论文提纲，包含章、节两级标题，并简要说明每一章要写的内容。',
    },
    polish: {
      title: '学术润色',
      desc: '让表达更规范、简洁、符合学术写作习惯',
      prompt:
        '请对下面这段话进行学术润色，使表达更规范、简洁，保持原意不变，并列出主要修改点：\n\n【粘贴段落】',
    },
    translate: {
      title: '中英互译',
      desc: '摘要、关键词的地道学术翻译',
      prompt: '请将下面的中文摘要翻译成规范的英文学术摘要，并给出 4–6 个英文关键词：\n\n【粘贴摘要】',
    },
    review: {
      title: '文献综述思路',
      desc: '梳理研究脉络、流派与研究空白',
      prompt:
        '我的研究主题是【主题】。请帮我梳理文献综述的写作思路：可以按哪些维度组织、每部分应关注哪些代表性研究方向，以及如何引出研究空白。请不要编造具体文献。',
    },
  },
  input: {
    placeholder: '输入你的问题，Enter 发送，Shift + Enter 换行',
    send: '发送',
    stop: '停止生成',
    counter: '{{count}} / {{max}} 字',
    tooLong: '消息过长：最多 {{max}} 字',
    disclaimer: 'AI 生成内容仅供参考，引用的文献与数据请务必核实。',
  },
  message: {
    you: '你',
    assistant: 'AI 助手',
    copy: '复制',
    copied: '已复制',
    copyCode: '复制代码',
    regenerate: '重新生成',
    thinking: '正在思考…',
    stopped: '已停止生成',
    partial: '回答不完整',
    failed: '回答失败',
  },
  banner: {
    notConfigured: 'AI 模型未配置，请联系管理员',
    notConfiguredDesc: '管理员配置模型后即可使用 AI 助手，当前不会产生任何费用。',
    guest: '游客今日还可免费体验 {{remaining}} 条',
    guestDone: '今日游客体验次数已用完',
    guestLogin: '登录后继续使用',
  },
  errors: {
    payment: '余额或 AI 助手额度不足',
    buy: '购买套餐',
    network: '网络异常，回答已中断',
  },
  menu: '对话列表',
};
