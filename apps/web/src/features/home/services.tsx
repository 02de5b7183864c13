import {
  EditOutlined,
  ExperimentOutlined,
  FileSearchOutlined,
  FormOutlined,
  FundProjectionScreenOutlined,
  MessageOutlined,
  RobotOutlined,
} from '@ant-design/icons';
import type { QuotaKind } from '@paperdesk/contracts';
import type { ReactNode } from 'react';

/** The services on the home page, each with the page it opens (spec §2) and its quota/price key. */
export interface ServiceDef {
  kind: QuotaKind;
  /** Key under `home:services`. */
  i18n: 'check' | 'aigcCheck' | 'rewrite' | 'aigcRewrite' | 'writing' | 'ppt' | 'chat';
  path: string;
  icon: ReactNode;
  tone: string;
}

export const SERVICES: readonly ServiceDef[] = [
  { kind: 'check', i18n: 'check', path: '/papercheck/check', icon: <FileSearchOutlined />, tone: 'blue' },
  {
    kind: 'aigc_check',
    i18n: 'aigcCheck',
    path: '/aigccheck/check',
    icon: <RobotOutlined />,
    tone: 'violet',
  },
  {
    kind: 'rewrite',
    i18n: 'rewrite',
    path: '/papermachinesubmit/papermachine',
    icon: <EditOutlined />,
    tone: 'green',
  },
  {
    kind: 'aigc_rewrite',
    i18n: 'aigcRewrite',
    path: '/aigcdown/machine',
    icon: <ExperimentOutlined />,
    tone: 'orange',
  },
  { kind: 'writing', i18n: 'writing', path: '/papergc/gc', icon: <FormOutlined />, tone: 'cyan' },
  { kind: 'ppt', i18n: 'ppt', path: '/aippt/ppt', icon: <FundProjectionScreenOutlined />, tone: 'rose' },
  { kind: 'chat', i18n: 'chat', path: '/gpt', icon: <MessageOutlined />, tone: 'indigo' },
];
