import {
  useContext,
  useId,
  type ComponentProps,
  type CSSProperties,
  type ReactNode,
  type Ref,
} from 'react';
import { BrandStyleContext } from '../brand-colors';
import styles from './estimator.module.css';

type HtmlInputProps = ComponentProps<'input'> & Record<`data-${string}`, string>;

interface TextInputProps {
  label: string;
  name?: string;
  value?: string;
  type?: string;
  placeholder?: string;
  autoComplete?: string;
  /** Shown under the field; an error replaces it. */
  helperText?: ReactNode;
  error?: boolean;
  required?: boolean;
  disabled?: boolean;
  onChange?: ComponentProps<'input'>['onChange'];
  onBlur?: ComponentProps<'input'>['onBlur'];
  onFocus?: ComponentProps<'input'>['onFocus'];
  onKeyDown?: ComponentProps<'input'>['onKeyDown'];
  inputRef?: Ref<HTMLInputElement>;
  /** Extra attributes for the <input> (inputMode, maxLength, ARIA). */
  htmlInput?: HtmlInputProps;
  /** For the field as a whole, its label and helper text included (a grid column, say). */
  style?: CSSProperties;
}

/**
 * A text field with its label above it, in plain HTML and CSS (estimator.module.css): the
 * estimator's first step has one, and a homeowner's phone shows and hydrates that step without
 * loading MUI.
 */
export function TextInput({
  label,
  helperText,
  error = false,
  required = false,
  inputRef,
  htmlInput,
  style,
  ...input
}: TextInputProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  const brand = useContext(BrandStyleContext);
  return (
    <div style={{ ...brand, ...style }}>
      <label htmlFor={id} className={styles.fieldLabel} data-error={error || undefined}>
        {label}
        {required && (
          <span aria-hidden className={styles.required}>
            {' *'}
          </span>
        )}
      </label>
      <input
        id={id}
        ref={inputRef}
        className={styles.input}
        required={required}
        {...input}
        {...htmlInput}
        aria-invalid={error || undefined}
        aria-describedby={helperText ? helperId : undefined}
      />
      {helperText && (
        <div id={helperId} className={styles.helper} data-error={error || undefined}>
          {helperText}
        </div>
      )}
    </div>
  );
}
