import type { Gold } from './labelled.ts';

/**
 * Entries typed by hand the way export tools and students actually write them (CNKI's 引用 button, Google
 * Scholar's GB/T 7714 export, Word lists), each with the fields a reader takes from it. Not produced by the
 * bench's writer, so they test the parser on shapes nobody tuned it against. Gold fields left empty are absent.
 */
const g = (x: Partial<Gold>): Gold => ({
  authors: [],
  title: '',
  type: '',
  container: '',
  year: '',
  volume: '',
  issue: '',
  pages: '',
  place: '',
  publisher: '',
  doi: '',
  ...x,
});

// one work typed two ways below (an input method's full-width marks, and the usual half-width form)
const ZHOU_2017 = g({
  authors: ['周飞燕', '金林鹏', '董军'],
  title: '卷积神经网络研究综述',
  type: 'J',
  container: '计算机学报',
  year: '2017',
  volume: '40',
  issue: '6',
  pages: '1229-1251',
});

export const HELD_OUT: { raw: string; lang: 'zh' | 'en'; gold: Gold }[] = [
  {
    // typed in a Chinese input method: full-width marks, and a comma where the full stop after the authors belongs
    raw: '周飞燕，金林鹏，董军，卷积神经网络研究综述［J］．计算机学报，2017，40（6）：1229-1251．',
    lang: 'zh',
    gold: ZHOU_2017,
  },
  {
    raw: '[1]刘知远,孙茂松,林衍凯,等.知识表示学习研究进展[J].计算机研究与发展,2016,53(02):247-261.',
    lang: 'zh',
    gold: g({
      authors: ['刘知远', '孙茂松', '林衍凯'],
      title: '知识表示学习研究进展',
      type: 'J',
      container: '计算机研究与发展',
      year: '2016',
      volume: '53',
      issue: '2',
      pages: '247-261',
    }),
  },
  {
    raw: '[2]周飞燕,金林鹏,董军.卷积神经网络研究综述[J].计算机学报,2017,40(06):1229-1251.',
    lang: 'zh',
    gold: ZHOU_2017,
  },
  {
    raw: '[3]周黎安.中国地方官员的晋升锦标赛模式研究[J].经济研究,2007(07):36-50.',
    lang: 'zh',
    gold: g({
      authors: ['周黎安'],
      title: '中国地方官员的晋升锦标赛模式研究',
      type: 'J',
      container: '经济研究',
      year: '2007',
      issue: '7',
      pages: '36-50',
    }),
  },
  {
    raw: '4. 温忠麟，叶宝娟. 中介效应分析：方法和模型发展[J]. 心理科学进展，2014，22(5)：731-745.',
    lang: 'zh',
    gold: g({
      authors: ['温忠麟', '叶宝娟'],
      title: '中介效应分析：方法和模型发展',
      type: 'J',
      container: '心理科学进展',
      year: '2014',
      volume: '22',
      issue: '5',
      pages: '731-745',
    }),
  },
  {
    raw: '［5］李航．统计学习方法［Ｍ］．北京：清华大学出版社，2012．',
    lang: 'zh',
    gold: g({
      authors: ['李航'],
      title: '统计学习方法',
      type: 'M',
      place: '北京',
      publisher: '清华大学出版社',
      year: '2012',
    }),
  },
  {
    raw: '[6] 费孝通. 乡土中国[M]. 北京:北京出版社,2005:12-20.',
    lang: 'zh',
    gold: g({
      authors: ['费孝通'],
      title: '乡土中国',
      type: 'M',
      place: '北京',
      publisher: '北京出版社',
      year: '2005',
      pages: '12-20',
    }),
  },
  {
    raw: '[7] 王磊. 基于图神经网络的推荐算法研究[D]. 杭州: 浙江大学, 2021.',
    lang: 'zh',
    gold: g({
      authors: ['王磊'],
      title: '基于图神经网络的推荐算法研究',
      type: 'D',
      place: '杭州',
      publisher: '浙江大学',
      year: '2021',
    }),
  },
  {
    raw: '[8] LeCun Y, Bengio Y, Hinton G. Deep learning[J]. nature, 2015, 521(7553): 436-444.',
    lang: 'en',
    gold: g({
      authors: ['LeCun Y', 'Bengio Y', 'Hinton G'],
      title: 'Deep learning',
      type: 'J',
      container: 'nature',
      year: '2015',
      volume: '521',
      issue: '7553',
      pages: '436-444',
    }),
  },
  {
    raw: '[9] Vaswani A, Shazeer N, Parmar N, et al. Attention is all you need[J]. Advances in neural information processing systems, 2017, 30.',
    lang: 'en',
    gold: g({
      authors: ['Vaswani A', 'Shazeer N', 'Parmar N'],
      title: 'Attention is all you need',
      type: 'J',
      container: 'Advances in neural information processing systems',
      year: '2017',
      volume: '30',
    }),
  },
  {
    raw: '[10] Hochreiter S, Schmidhuber J. Long short-term memory[J]. Neural computation, 1997, 9(8): 1735-1780.',
    lang: 'en',
    gold: g({
      authors: ['Hochreiter S', 'Schmidhuber J'],
      title: 'Long short-term memory',
      type: 'J',
      container: 'Neural computation',
      year: '1997',
      volume: '9',
      issue: '8',
      pages: '1735-1780',
    }),
  },
  {
    raw: 'Breiman, L. (2001). Random forests. Machine Learning, 45(1), 5–32. https://doi.org/10.1023/A:1010933404324',
    lang: 'en',
    gold: g({
      authors: ['Breiman L'],
      title: 'Random forests',
      type: 'J',
      container: 'Machine Learning',
      year: '2001',
      volume: '45',
      issue: '1',
      pages: '5-32',
      doi: '10.1023/A:1010933404324',
    }),
  },
  {
    raw: '[12] Bishop C M. Pattern recognition and machine learning[M]. New York: Springer, 2006.',
    lang: 'en',
    gold: g({
      authors: ['Bishop C M'],
      title: 'Pattern recognition and machine learning',
      type: 'M',
      place: 'New York',
      publisher: 'Springer',
      year: '2006',
    }),
  },
  {
    raw: '[13] He K, Zhang X, Ren S, et al. Deep residual learning for image recognition[C]//Proceedings of the IEEE conference on computer vision and pattern recognition. 2016: 770-778.',
    lang: 'en',
    gold: g({
      authors: ['He K', 'Zhang X', 'Ren S'],
      title: 'Deep residual learning for image recognition',
      type: 'C',
      container: 'Proceedings of the IEEE conference on computer vision and pattern recognition',
      year: '2016',
      pages: '770-778',
    }),
  },
  {
    raw: '[14] Kingma D P, Ba J. Adam: A method for stochastic optimization[J]. arXiv preprint arXiv:1412.6980, 2014.',
    lang: 'en',
    gold: g({
      authors: ['Kingma D P', 'Ba J'],
      title: 'Adam: A method for stochastic optimization',
      type: 'J',
      container: 'arXiv preprint arXiv:1412.6980',
      year: '2014',
    }),
  },
];
