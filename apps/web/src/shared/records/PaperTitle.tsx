import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from './FormParts.tsx';
import { firstWords } from './title.ts';

/**
 * A paper's title and author on a start form. The title field is optional: a file's own title fills it until
 * the user types, and an empty field takes the paper's default title (`defaultTitleOf`), which the page shows
 * under the field.
 */
export function usePaperTitle(initialTitle = '') {
  const [title, setTitle] = useState(initialTitle);
  const [author, setAuthor] = useState('');
  const typed = useRef(false);
  return {
    title,
    author,
    setAuthor,
    /** The user's own typing: from then on a title found in a file no longer replaces it. */
    typeTitle: (value: string) => {
      typed.current = true;
      setTitle(value);
    },
    /** `usePaperSource`'s `onTitle`. */
    foundTitle: (found: string) => {
      if (!typed.current) setTitle(found);
    },
  };
}

export type PaperTitleState = ReturnType<typeof usePaperTitle>;

/** The title an empty field stands for: the one the count or the file gives, else a paste's first words. */
export function defaultTitleOf(paper: {
  text: string;
  fileTitle: string;
  count: { result?: { title?: string | null } };
}) {
  return (paper.count.result?.title || paper.fileTitle || firstWords(paper.text)).slice(0, 200);
}

/** The title a record is made with (the server keeps 200 characters). */
export const finalTitleOf = (state: PaperTitleState, defaultTitle: string) =>
  state.title.trim().slice(0, 200) || defaultTitle;

/**
 * The title and author fields side by side. Texts: `<keyPrefix>.paperTitle|paperTitlePlaceholder|titleDefault|
 * author|authorPlaceholder` in namespace `ns`; ids `<idPrefix>-title`, `<idPrefix>-author`.
 */
export function PaperTitleFields(props: {
  state: PaperTitleState;
  defaultTitle: string;
  ns: string;
  keyPrefix: string;
  idPrefix: string;
}) {
  const { t } = useTranslation(props.ns);
  const { state, keyPrefix: k } = props;
  return (
    <div className="ck-row2">
      <TextField
        id={`${props.idPrefix}-title`}
        label={t(`${k}.paperTitle`)}
        placeholder={t(`${k}.paperTitlePlaceholder`)}
        value={state.title}
        onChange={state.typeTitle}
        hint={
          !state.title.trim() && props.defaultTitle
            ? t(`${k}.titleDefault`, { title: props.defaultTitle })
            : undefined
        }
      />
      <TextField
        id={`${props.idPrefix}-author`}
        label={t(`${k}.author`)}
        maxLength={100}
        placeholder={t(`${k}.authorPlaceholder`)}
        value={state.author}
        onChange={state.setAuthor}
      />
    </div>
  );
}
