import type { AigcBand } from '@paperdesk/contracts';

/** Band colours: 高度 red, 中度 orange, 轻度 yellow (text in amber so it stays legible), 未见异常 green. */
export const BAND_COLORS: Record<AigcBand, string> = {
  high: '#e5484d',
  medium: '#f76b15',
  light: '#d4a106',
  none: '#11a983',
};

export const BAND_TAG_COLORS: Record<AigcBand, string> = {
  high: 'red',
  medium: 'orange',
  light: 'gold',
  none: 'green',
};
