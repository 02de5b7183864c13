import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { isValidElement, memo, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { copyText } from './copy.ts';

function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (isValidElement<{ children?: ReactNode }>(node)) return textOf(node.props.children);
  return '';
}

/** A fenced code block: language label and a copy button above the code. */
function CodeBlock({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const code = isValidElement<{ className?: string; children?: ReactNode }>(children) ? children : null;
  const lang = /language-([\w+#.-]+)/.exec(code?.props.className ?? '')?.[1] ?? 'text';
  const text = textOf(code?.props.children ?? children).replace(/\n$/, '');
  return (
    <div className="gpt-code">
      <div className="gpt-code__bar">
        <span className="gpt-code__lang">{lang}</span>
        <button
          type="button"
          className="gpt-code__copy"
          onClick={async () => {
            if (await copyText(text)) {
              setCopied(true);
              setTimeout(() => setCopied(false), 1500);
            }
          }}
        >
          {copied ? <CheckOutlined /> : <CopyOutlined />}{' '}
          {copied ? t('chat:message.copied') : t('chat:message.copyCode')}
        </button>
      </div>
      <pre>{children}</pre>
    </div>
  );
}

const components: Components = {
  pre: ({ children }) => <CodeBlock>{children}</CodeBlock>,
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  ),
  table: ({ children }) => (
    <div className="gpt-md__table">
      <table>{children}</table>
    </div>
  ),
};

/** An answer as Markdown (GFM tables, lists, code). Raw HTML in the text is shown as text, never run. */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  return (
    <div className="gpt-md">
      <ReactMarkdown remarkPlugins={[remarkGfm]} components={components}>
        {text}
      </ReactMarkdown>
    </div>
  );
});
