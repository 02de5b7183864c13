import { message as staticMessage } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

/**
 * The message API bound to the themed app (antd `App.useApp()`), so toasts raised outside React
 * components (request errors, the route guard) use the current theme and locale.
 */
let bound: MessageInstance | null = null;

export function bindMessage(api: MessageInstance | null): void {
  bound = api;
}

export function toast(): MessageInstance {
  return bound ?? staticMessage;
}
