import {
  aigcEndpoints,
  checkEndpoints,
  machineEndpoints,
  paperInfoEndpoints,
  paperMachineEndpoints,
  pptEndpoints,
} from '@paperdesk/contracts';
import { expect, it } from 'vitest';
import { LIST_PATHS } from './latest.ts';

it('the recent records read the list paths the contracts define', () => {
  expect(LIST_PATHS).toEqual({
    check: checkEndpoints.query_list.path,
    aigc: aigcEndpoints.query_list.path,
    machine: machineEndpoints.query_list.path,
    ppt: pptEndpoints.query_list.path,
    writing: paperInfoEndpoints.query_list.path,
    reduce: paperMachineEndpoints.query_list.path,
  });
});
