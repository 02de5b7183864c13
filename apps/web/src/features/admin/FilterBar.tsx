import { Input, Select } from 'antd';
import type { ReactNode } from 'react';
import './admin.css';

export interface FilterChoice {
  /** Which filter it sets (passed back to `onChange`). */
  name: string;
  placeholder: string;
  options: { value: string; label: string }[];
  width?: number;
  /** Controlled value; without it the select can be cleared (no filter). */
  value?: string;
}

/**
 * The console's list toolbar (users, orders, audit log): a keyword search, filter selects and actions on the
 * right. Every change goes back through `onChange(name, value)`, with `keyword` for the search box.
 */
export function FilterBar(props: {
  search?: { placeholder: string; width?: number };
  choices?: FilterChoice[];
  onChange: (name: string, value: string | undefined) => void;
  actions?: ReactNode;
}) {
  return (
    <div className="adm-toolbar">
      <div className="adm-filters">
        {props.search && (
          <Input.Search
            allowClear
            placeholder={props.search.placeholder}
            onSearch={(v) => props.onChange('keyword', v.trim() || undefined)}
            style={{ width: props.search.width ?? 260, maxWidth: '100%' }}
          />
        )}
        {props.choices?.map((c) => (
          <Select<string>
            key={c.name}
            allowClear={c.value === undefined}
            placeholder={c.placeholder}
            style={{ width: c.width ?? 140 }}
            options={c.options}
            onChange={(v) => props.onChange(c.name, v)}
            {...(c.value !== undefined ? { value: c.value } : {})}
          />
        ))}
      </div>
      {props.actions}
    </div>
  );
}
