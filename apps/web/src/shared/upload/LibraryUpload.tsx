import { CloudUploadOutlined } from '@ant-design/icons';
import type { Envelope, LibraryFileResult, LibraryUploadResult } from '@paperdesk/contracts';
import { Progress, Table, Tag, Upload } from 'antd';
import { useState } from 'react';
import './upload.css';

const STATUS_COLOR: Record<LibraryFileResult['status'], string> = {
  imported: 'success',
  duplicate: 'default',
  unreadable: 'error',
  empty: 'warning',
};

export interface LibraryUploadProps {
  accept: string;
  /** Sends one picked file; a .zip comes back with one result per file inside it. */
  send: (file: File) => Promise<Envelope<LibraryUploadResult>>;
  onDone: () => void;
  labels: {
    drag: string;
    hint: string;
    file: string;
    result: string;
    message: string;
    /** While `name` is sent and read. */
    working: (name: string) => string;
    status: (s: LibraryFileResult['status']) => string;
  };
}

/**
 * The library upload block (比对库 and 自建库): drop files, each sent by itself with the bar moving file by file,
 * and every file's own result (imported, duplicate, unreadable and why, empty).
 */
export function LibraryUpload({ accept, send, onDone, labels }: LibraryUploadProps) {
  const [state, setState] = useState<{
    done: number;
    total: number;
    current: string | null;
    results: LibraryFileResult[];
  } | null>(null);

  async function sendAll(files: File[]) {
    const results: LibraryFileResult[] = [];
    for (const [i, file] of files.entries()) {
      setState({ done: i, total: files.length, current: file.name, results: [...results] });
      try {
        results.push(...(await send(file)).result.files);
      } catch (e) {
        results.push({
          file: file.name,
          status: 'unreadable',
          message: e instanceof Error ? e.message : String(e),
          documentId: null,
        });
      }
    }
    setState({ done: files.length, total: files.length, current: null, results });
    onDone();
  }

  return (
    <>
      <Upload.Dragger
        multiple
        accept={accept}
        showUploadList={false}
        beforeUpload={(file, list) => {
          if (file === list[0]) void sendAll(list as unknown as File[]);
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <CloudUploadOutlined />
        </p>
        <p>{labels.drag}</p>
        <p className="svc-muted">{labels.hint}</p>
      </Upload.Dragger>
      {state && (
        <div className="lib-upload">
          <Progress
            percent={Math.round((state.done / state.total) * 100)}
            status={state.current ? 'active' : 'normal'}
          />
          {state.current && <div className="svc-muted">{labels.working(state.current)}</div>}
          <Table<LibraryFileResult>
            size="small"
            rowKey={(r) => `${r.file}-${r.documentId ?? r.message}`}
            pagination={state.results.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
            dataSource={state.results}
            scroll={{ x: 480 }}
            columns={[
              { title: labels.file, dataIndex: 'file', ellipsis: true },
              {
                title: labels.result,
                dataIndex: 'status',
                width: 100,
                render: (v: LibraryFileResult['status']) => (
                  <Tag color={STATUS_COLOR[v]}>{labels.status(v)}</Tag>
                ),
              },
              { title: labels.message, dataIndex: 'message', ellipsis: true },
            ]}
          />
        </div>
      )}
    </>
  );
}
