import { FileTextOutlined, InboxOutlined } from '@ant-design/icons';
import { Input, Segmented, Upload } from 'antd';
import { type ReactNode, useRef } from 'react';

export type SourceMode = 'upload' | 'paste';

/**
 * One file dropped or picked (not sent: the page sends it), shown with its name and removable. `text` is the
 * zone's line, `hints` the lines under it; `error` marks the file red (the server could not read it).
 */
export function FileDrop(props: {
  accept: string;
  file: File | null;
  onFile: (file: File | null) => void;
  testId: string;
  icon?: ReactNode;
  text?: ReactNode;
  hints: ReactNode[];
  error?: boolean;
}) {
  const { file, onFile } = props;
  return (
    <Upload.Dragger
      accept={props.accept}
      maxCount={1}
      multiple={false}
      fileList={
        file
          ? [{ uid: props.testId, name: file.name, status: props.error ? 'error' : 'done', size: file.size }]
          : []
      }
      beforeUpload={(f) => {
        onFile(f);
        return false;
      }}
      onRemove={() => {
        onFile(null);
        return true;
      }}
      data-testid={props.testId}
    >
      <p className="ant-upload-drag-icon">{props.icon ?? <InboxOutlined />}</p>
      {props.text !== undefined && <p className="ant-upload-text">{props.text}</p>}
      {props.hints.map((hint, i) => (
        // the hints are fixed lines: their place is their key
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <p key={i} className="ant-upload-hint">
          {hint}
        </p>
      ))}
    </Upload.Dragger>
  );
}

/**
 * Upload or paste: a switch (the mode the page opened with offered first, so an area keeps its habit), then a
 * drop zone or a text area. Test ids: `<testId>-upload`, `<testId>-paste`.
 */
export function SourceInput(props: {
  mode: SourceMode;
  onMode: (mode: SourceMode) => void;
  labels: Record<SourceMode, ReactNode>;
  text: string;
  onText: (text: string) => void;
  placeholder: string;
  rows: { minRows: number; maxRows: number };
  maxLength?: number;
  drop: Omit<Parameters<typeof FileDrop>[0], 'testId'>;
  testId: string;
}) {
  const options = [
    { value: 'upload' as const, label: props.labels.upload, icon: <InboxOutlined /> },
    { value: 'paste' as const, label: props.labels.paste, icon: <FileTextOutlined /> },
  ];
  const initialFirst = useRef(props.mode).current === 'paste' ? [...options].reverse() : options;
  return (
    <>
      <div className="ck-field">
        <Segmented<SourceMode>
          block
          size="large"
          value={props.mode}
          onChange={props.onMode}
          options={initialFirst}
        />
      </div>
      {props.mode === 'upload' ? (
        <FileDrop {...props.drop} testId={`${props.testId}-upload`} />
      ) : (
        <Input.TextArea
          className="ck-paste"
          value={props.text}
          onChange={(e) => props.onText(e.target.value)}
          autoSize={props.rows}
          maxLength={props.maxLength}
          placeholder={props.placeholder}
          data-testid={`${props.testId}-paste`}
        />
      )}
    </>
  );
}
