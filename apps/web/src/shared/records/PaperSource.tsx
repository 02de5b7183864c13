import { LoadingOutlined } from '@ant-design/icons';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { num } from '../format.ts';
import { TextField } from './FormParts.tsx';
import { RequestError } from '../../utils/request.ts';

import { type PaperSource, type SentSource, sentSource } from './source.ts';
import { type SourceMode, SourceInput } from './SourceInput.tsx';

export type { SourceMode };
export const PAPER_ACCEPT = '.docx,.pdf,.txt';

/** What the server counted in a source: every area's word count answers at least this. */
interface CountResult {
  characters: number;
  paragraphs: number;
  title?: string | null;
  /** Set when the server kept an uploaded file: the record is then made from it without a second upload. */
  uploadId?: string | null;
}

export interface WordCountState<R> {
  loading: boolean;
  result?: R;
  error?: string;
}

/**
 * The state of a paper source input: upload or paste, and the server's count (and quote) of what would be
 * sent, asked at once for a file and after `typingDelayMs` of quiet for typed text. A file larger than
 * `maxUploadMb` is refused here with `tooLarge` (no size check without it). `onTitle` receives the title
 * the count found, so the page can prefill its title field.
 */
export function usePaperSource<R extends CountResult>(options: {
  initialMode: SourceMode;
  count: (source: PaperSource, opts: { signal: AbortSignal }) => Promise<{ result: R }>;
  typingDelayMs: number;
  maxUploadMb?: number;
  tooLarge?: (mb: number) => string;
  onTitle?: (title: string) => void;
  /** Text another page hands over (a rewrite sent to 查重 for verification); opens in paste mode. */
  initialText?: string;
}) {
  const [mode, setMode] = useState<SourceMode>(options.initialText ? 'paste' : options.initialMode);
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState(options.initialText ?? '');
  const [count, setCount] = useState<WordCountState<R>>({ loading: false });
  // the latest callbacks, so that a new closure each render does not count again
  const latest = useRef(options);
  latest.current = options;
  const { maxUploadMb, typingDelayMs } = options;

  const source: PaperSource | null = useMemo(() => {
    if (mode === 'upload') return file ? { file } : null;
    return text.trim() ? { text } : null;
  }, [mode, file, text]);

  useEffect(() => {
    if (!source) {
      setCount({ loading: false });
      return;
    }
    if ('file' in source && maxUploadMb !== undefined && source.file.size > maxUploadMb * 1024 * 1024) {
      setCount({ loading: false, error: latest.current.tooLarge?.(maxUploadMb) ?? '' });
      return;
    }
    const ctrl = new AbortController();
    const timer = setTimeout(
      () => {
        setCount((c) => ({ ...c, loading: true, error: undefined }));
        latest.current
          .count(source, { signal: ctrl.signal })
          .then((r) => {
            setCount({ loading: false, result: r.result });
            if (r.result.title) latest.current.onTitle?.(r.result.title.slice(0, 200));
          })
          .catch((e: unknown) => {
            if (e instanceof RequestError && e.kind === 'aborted') return;
            setCount({ loading: false, error: e instanceof Error ? e.message : String(e) });
          });
      },
      'file' in source ? 0 : typingDelayMs,
    );
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [source, maxUploadMb, typingDelayMs]);

  const ready = !!source && !count.loading && !count.error && !!count.result;
  /** What the record is made from, once counted: the kept upload rather than the file again. */
  const sent: SentSource | null = source && ready ? sentSource(source, count.result?.uploadId) : null;
  /** The file's name without its extension: the title of last resort. */
  const fileTitle = file ? file.name.replace(/\.[^.]+$/, '') : '';
  return { mode, setMode, file, setFile, text, setText, source, sent, count, ready, fileTitle };
}

export type PaperSourceState<R extends CountResult> = ReturnType<typeof usePaperSource<R>>;

/**
 * Where a paper is given: a switch between upload and paste (the initial mode first), then a drop zone or a
 * text area. Its texts are `<keyPrefix>.modeUpload|modePaste|dragText|pastePlaceholder` in namespace `ns`;
 * `dragHint` is the drop zone's hint, already translated. Test ids: `<testId>-upload`, `<testId>-paste`.
 */
export function PaperSourceInput<R extends CountResult>(props: {
  state: PaperSourceState<R>;
  ns: string;
  keyPrefix: string;
  dragHint: ReactNode;
  testId: string;
  /** The paper's title, asked above the source (`<keyPrefix>.titleLabel`, `.titlePlaceholder`). */
  title?: { value: string; onChange: (title: string) => void };
}) {
  const { t } = useTranslation(props.ns);
  const { state, keyPrefix: k } = props;
  return (
    <>
      {props.title && (
        <TextField
          id={`${props.testId}-title`}
          label={t(`${k}.titleLabel`)}
          placeholder={t(`${k}.titlePlaceholder`)}
          value={props.title.value}
          onChange={props.title.onChange}
        />
      )}
      <SourceInput
        mode={state.mode}
        onMode={state.setMode}
        labels={{ upload: t(`${k}.modeUpload`), paste: t(`${k}.modePaste`) }}
        text={state.text}
        onText={state.setText}
        placeholder={t(`${k}.pastePlaceholder`)}
        rows={{ minRows: 10, maxRows: 22 }}
        drop={{
          accept: PAPER_ACCEPT,
          file: state.file,
          onFile: state.setFile,
          text: t(`${k}.dragText`),
          hints: [props.dragHint],
          error: !!state.count.error,
        }}
        testId={props.testId}
      />
    </>
  );
}

/**
 * The count under the input: counting…, the error, or characters, paragraphs and `price` (the page's own
 * label and figure). Texts: `<keyPrefix>.counting|characters|paragraphs`; test id `<testId>-count`.
 */
export function WordCountBar<R extends CountResult>(props: {
  state: PaperSourceState<R>;
  ns: string;
  keyPrefix: string;
  testId: string;
  price: (result: R) => ReactNode;
}) {
  const { t } = useTranslation(props.ns);
  const { source, count } = props.state;
  const k = props.keyPrefix;
  if (!source) return null;
  return (
    <div className={`ck-count${count.error ? ' is-error' : ''}`} data-testid={`${props.testId}-count`}>
      {count.loading ? (
        <span>
          <LoadingOutlined /> {t(`${k}.counting`)}
        </span>
      ) : count.error ? (
        <span>{count.error}</span>
      ) : count.result ? (
        <>
          <span>
            {t(`${k}.characters`)} <strong>{num(count.result.characters)}</strong>
          </span>
          <span>
            {t(`${k}.paragraphs`)} <strong>{num(count.result.paragraphs)}</strong>
          </span>
          <span>{props.price(count.result)}</span>
        </>
      ) : null}
    </div>
  );
}
