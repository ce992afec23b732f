import { useEffect, useRef, useState, type HTMLAttributes, type ReactNode } from 'react';
import { Input } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { getFormat } from '../../../engine/formats/registry.ts';
import type { StringFormat } from '../../../engine/formats/types.ts';
import { emptyValue, inputProps } from './common.ts';
import { propertyOf } from './types.ts';

export interface MaskedInputProps extends WidgetProps {
  format: string;
  /** Mask while typing (documents); otherwise the mask is applied on blur only (e-mail, PIX key). */
  maskWhileTyping?: boolean;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  maxLength?: number;
  suffix?: ReactNode;
  /** Called with the canonical value after each change (CEP lookup, boleto parsing). */
  onCanonical?: (value: string) => void;
}

/**
 * A text input for one of our string formats: shows the mask (`529.982.247-25`), stores the canonical value
 * (`52998224725`) — the format's own mask/normalize, the same the server applies.
 */
export function MaskedInput({ format, maskWhileTyping = true, inputMode, maxLength, suffix, onCanonical, ...props }: MaskedInputProps) {
  const f = getFormat(format) as StringFormat;
  const show = (v: unknown) => (typeof v === 'string' && v ? (f.mask ? f.mask(v) : v) : '');
  const [text, setText] = useState(() => show(props.value));
  const emitted = useRef<unknown>(props.value);

  // A value set from outside (record loaded, autofill) replaces what is shown; our own echo does not.
  useEffect(() => {
    if (props.value !== emitted.current) {
      emitted.current = props.value;
      setText(show(props.value));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.value]);

  const emit = (raw: string) => {
    const trimmed = raw.trim();
    const value = trimmed ? (f.normalize ? f.normalize(trimmed) : trimmed) : emptyValue(propertyOf(props));
    emitted.current = value;
    props.onChange(value);
    if (typeof value === 'string') onCanonical?.(value);
  };

  return (
    <Input
      {...inputProps(props)}
      value={text}
      placeholder={props.placeholder}
      inputMode={inputMode}
      maxLength={maxLength}
      suffix={suffix}
      onChange={(e) => {
        const raw = e.target.value;
        const next = maskWhileTyping && f.mask ? f.mask(raw) : raw;
        setText(next);
        emit(next);
      }}
      onBlur={() => {
        const value = emitted.current;
        if (typeof value === 'string' && f.validate(value)) setText(show(value));
        props.onBlur(props.id, value);
      }}
      onFocus={() => props.onFocus(props.id, props.value)}
    />
  );
}
