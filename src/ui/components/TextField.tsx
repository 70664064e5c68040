import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Eye, EyeOff } from 'lucide-react';

import styles from './TextField.module.css';

interface FieldProps {
  /** The visible label; also the field's accessible name. */
  label: string;
  /** Help under the field, read after the label (aria-describedby). */
  description?: ReactNode;
  /** A validation message: marks the field invalid and is announced with it. */
  error?: string | null;
}

export interface TextFieldProps
  extends FieldProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'children'> {
  /** A password field with a button that shows or hides what was typed. */
  revealable?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/** Ids that tie a label, description and error to one control. */
function useFieldIds(description: unknown, error: unknown) {
  const id = useId();
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(' ') || undefined;
  return { id, descriptionId, errorId, describedBy };
}

function FieldFrame({
  id,
  label,
  description,
  descriptionId,
  error,
  errorId,
  children,
}: FieldProps & {
  id: string;
  descriptionId?: string;
  errorId?: string;
  children: ReactNode;
}) {
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {children}
      {description && (
        <div id={descriptionId} className={styles.description}>
          {description}
        </div>
      )}
      {error && (
        <div id={errorId} className={styles.error}>
          {error}
        </div>
      )}
    </div>
  );
}

/** A labelled text input with its description and error wired for assistive technology. */
export function TextField({
  label,
  description,
  error,
  revealable = false,
  type = 'text',
  className,
  ref,
  ...rest
}: TextFieldProps) {
  const { t } = useTranslation();
  const ids = useFieldIds(description, error);
  const [revealed, setRevealed] = useState(false);
  const input = (
    <input
      ref={ref}
      id={ids.id}
      type={revealable && revealed ? 'text' : type}
      className={[styles.input, className ?? ''].filter(Boolean).join(' ')}
      aria-invalid={error ? true : undefined}
      aria-describedby={ids.describedBy}
      aria-errormessage={ids.errorId}
      {...rest}
    />
  );
  return (
    <FieldFrame {...ids} label={label} description={description} error={error}>
      {revealable ? (
        <div className={styles.withAction}>
          {input}
          <button
            type="button"
            className={styles.reveal}
            aria-pressed={revealed}
            aria-label={t('app.showPassword')}
            title={t('app.showPassword')}
            onClick={() => setRevealed((shown) => !shown)}
          >
            {revealed ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
          </button>
        </div>
      ) : (
        input
      )}
    </FieldFrame>
  );
}

export interface TextAreaFieldProps
  extends FieldProps, Omit<InputHTMLAttributes<HTMLTextAreaElement>, 'id' | 'children'> {
  rows?: number;
  ref?: Ref<HTMLTextAreaElement>;
}

/** The multi-line variant (seed phrases, messages). */
export function TextAreaField({
  label,
  description,
  error,
  rows = 3,
  className,
  ref,
  ...rest
}: TextAreaFieldProps) {
  const ids = useFieldIds(description, error);
  return (
    <FieldFrame {...ids} label={label} description={description} error={error}>
      <textarea
        ref={ref}
        id={ids.id}
        rows={rows}
        className={[styles.input, styles.textarea, className ?? ''].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        aria-errormessage={ids.errorId}
        {...rest}
      />
    </FieldFrame>
  );
}

export interface FileFieldProps extends FieldProps {
  /** e.g. "application/json,.json" */
  accept?: string;
  onFile(file: File | null): void;
  name?: string;
  required?: boolean;
}

/** A labelled file picker (keystore files). */
export function FileField({ label, description, error, accept, onFile, ...rest }: FileFieldProps) {
  const ids = useFieldIds(description, error);
  return (
    <FieldFrame {...ids} label={label} description={description} error={error}>
      <input
        id={ids.id}
        type="file"
        accept={accept}
        className={[styles.input, styles.file].join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        aria-errormessage={ids.errorId}
        onChange={(event) => onFile(event.target.files?.[0] ?? null)}
        {...rest}
      />
    </FieldFrame>
  );
}
