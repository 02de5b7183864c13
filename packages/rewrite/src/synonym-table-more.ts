/**
 * Adjectives, adverbs, function words, time words, set phrases and 四字格 added to the core table (same format
 * as `synonym-table.ts`). Nouns stay few on purpose: in abstracts most nouns are terms of a discipline (类型 is a
 * data type, 机制 a mechanism, 实例 an instance), where a synonym changes the meaning. Contractions of the
 * written register (具有 → 有, 存在 → 有, 使得 → 使, 之间 → 间, 每个 → 每一个) keep the sense and break a run of
 * the original where no synonym exists; the word pass checks the shorter word does not fuse with its neighbour.
 */
export const MORE_TABLE = `
a|巨大 极大
a|常见 多见
a|著名 知名
a|合适 适宜
a|少见 罕见
a|原有 既有
a,b|现有 已有
a|众多>诸多
a|匮乏 短缺 紧缺
a|有益 有利
a|不利 不良
a|积极 正面
a|精细 细致
a|全新 崭新
a|优异 出色 优秀
a|适中 适度
a|稀少 稀缺
a|剧烈 猛烈
a|悠久 久远
ad|完全 全然
ad|积极 主动
ad|大力 着力
ad|不断 持续
ad|逐步 逐渐
d|难以 很难
d|甚至 乃至
d|至今 迄今
d|必然 必定
d|实际上 事实上
d|尚未 仍未 还未
d|尽可能 尽量
d|并未 并没有
d|原来 原本
d|略微 稍微 稍稍
d|极其>极为
d|亦>也
d|皆>均
d|仅>仅仅
d|立即 立刻
d|逐一 一一
d|一并 一起
d|总共 共计 合计
d|大约 约
d|恰好 正好
d|一再 多次
d|颇为>十分
d|过于 过分
d|愈加 愈发 越发
d|日趋>日益 日渐
d|大体上>基本上
d|从而>进而
c|无论 不论 不管
c|并非 并不是
c|只有 唯有
c|否则 不然
c|况且 何况
c|加之 加上
c|故>因此
c|以致 以至于
c|相反 反之
c|于是>因此
c|此后 之后
p|按>按照
p|据>根据
p|凭>凭借
p|至>到
p|当>在
p|鉴于 考虑到
p|沿着 顺着
p|截至 截止到
r|本身>自身
r|每个>每一个
b|所有>全部
v|处于>处在
v|具有>有
v|使得>使
v|达到>达
v|有着>具有
v|含有>包含
v|参考>参照
d|最为>最
v|存在>有
f|之间>间
r|这里 此处
r|这个>这一
r|这样>如此
r|有些 一些 某些
m|大多数 大部分
m|一系列 一连串
m|首次 第一次
m|一半>半数
m|两者 二者
t|最初 起初 起先
t|今天>今日
t|当时 那时
t|近期 最近
f|以后 之后
f|以前 之前
f|之外 以外
f|之中 当中
n|学界 学术界
n|例子>实例 事例
n|含义 涵义
n|困境 窘境
n|用途 用处
n|趋向 倾向
n|动机 动因
n|设想 构想
n|主旨 宗旨 要旨
n|概貌 概况
n|全貌 整体面貌
n|面貌 风貌
n|进步 进展
i,l|至关重要 极其重要 十分重要
i,l|密切相关 紧密相关 息息相关
l|不可或缺 必不可少
l|组成部分 构成部分
l|深入分析 深入剖析
l|具体分析 具体剖析
l|实用价值 应用价值
l|发展趋势 发展态势
l|必然选择 必然之选
l|统计分析 统计学分析
l|定量分析 量化分析
l|深入研究 深入探究
l|开发利用 开发与利用
l|具体而言 具体来说 具体地说
l|一般来说 通常来说 一般而言
l|总的来说 总体来看 总体而言
l|换言之 换句话说 也就是说
l|在此基础上 以此为基础
l|据此可知>由此可知
l|不难看出 可以看出 容易看出
l|值得注意的是 需要注意的是 应当注意的是
l|值得一提的是 需要指出的是
l|研究发现 研究显示
l|结果发现 结果显示
i|普遍存在 广泛存在
i|进一步提高 进一步提升
i|理论依据 理论根据
i|显而易见 不言而喻
i|迫在眉睫 刻不容缓
i|层出不穷 不断涌现
i|相辅相成 相互促进
i|密不可分 紧密相连
i|众所周知 人所共知
i|各不相同 互不相同
i|蓬勃发展 迅猛发展
i|不容忽视 不可忽视
i|行之有效 切实有效
i|举足轻重>至关重要
i|日益增长 日渐增长
i|卓有成效 成效显著
i|大有裨益 十分有益
i|不可替代 无可替代
i|不可避免 难以避免
i|多层次 多层面
i|深层次 深层面
`;
