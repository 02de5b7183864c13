import {
  aigcEndpoints,
  checkEndpoints,
  machineEndpoints,
  paperInfoEndpoints,
  paperMachineEndpoints,
  pptEndpoints,
} from '@paperdesk/contracts';
import { recordListWire } from '@paperdesk/contracts/wire';
import { expect, it } from 'vitest';

it('the recent records call the list endpoints the contracts define', () => {
  const route = (e: { method: string; path: string; access: string }) => [e.method, e.path, e.access];
  expect(Object.fromEntries(Object.entries(recordListWire).map(([k, w]) => [k, route(w)]))).toEqual({
    check: route(checkEndpoints.query_list),
    aigc: route(aigcEndpoints.query_list),
    machine: route(machineEndpoints.query_list),
    ppt: route(pptEndpoints.query_list),
    writing: route(paperInfoEndpoints.query_list),
    reduce: route(paperMachineEndpoints.query_list),
  });
});
