import { useEffect, useRef } from 'react';
import { BoldOutlined, ItalicOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Button, Space, theme } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { rankWith, requestedIs } from '../../../engine/registry.ts';
import { WIDGET_TEXT } from '../../../i18n/forms.ts';
import { emptyValue, fieldAria } from './common.ts';
import { sanitizeHtml } from './sanitize-html.ts';
import { propertyOf, type WidgetEntry } from './types.ts';

/** Spec §9: the rich-text editor reports changes 300 ms after typing stops. */
export const RICH_TEXT_DEBOUNCE_MS = 300;

/**
 * A light rich-text editor (`"ui:widget": "richtext"`): bold, italic and bullet lists on a contentEditable,
 * no editor library. The value is sanitized HTML, sent 300 ms after the last keystroke and on blur.
 */
export function RichTextWidget(props: WidgetProps) {
  const { token } = theme.useToken();
  const editor = useRef<HTMLDivElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const emitted = useRef<unknown>(props.value);
  const disabled = props.disabled || props.readonly;

  useEffect(() => {
    if (editor.current && props.value !== emitted.current) {
      emitted.current = props.value;
      editor.current.innerHTML = sanitizeHtml(typeof props.value === 'string' ? props.value : '');
    }
  }, [props.value]);
  useEffect(() => {
    if (editor.current) editor.current.innerHTML = sanitizeHtml(typeof props.value === 'string' ? props.value : '');
    return () => clearTimeout(timer.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const flush = () => {
    clearTimeout(timer.current);
    const html = sanitizeHtml(editor.current?.innerHTML ?? '');
    const value = html === '' ? emptyValue(propertyOf(props)) : html;
    if (value !== emitted.current) {
      emitted.current = value;
      props.onChange(value);
    }
  };
  const command = (name: 'bold' | 'italic' | 'insertUnorderedList') => {
    editor.current?.focus();
    document.execCommand(name);
    flush();
  };

  return (
    <div style={{ border: `1px solid ${props.rawErrors?.length ? token.colorError : token.colorBorder}`, borderRadius: token.borderRadius }}>
      <Space size={2} style={{ padding: 4, borderBottom: `1px solid ${token.colorBorderSecondary}`, width: '100%' }}>
        <Button type="text" size="small" icon={<BoldOutlined />} aria-label={WIDGET_TEXT.bold} title={WIDGET_TEXT.bold} disabled={disabled} onMouseDown={(e) => e.preventDefault()} onClick={() => command('bold')} />
        <Button type="text" size="small" icon={<ItalicOutlined />} aria-label={WIDGET_TEXT.italic} title={WIDGET_TEXT.italic} disabled={disabled} onMouseDown={(e) => e.preventDefault()} onClick={() => command('italic')} />
        <Button type="text" size="small" icon={<UnorderedListOutlined />} aria-label={WIDGET_TEXT.bulletList} title={WIDGET_TEXT.bulletList} disabled={disabled} onMouseDown={(e) => e.preventDefault()} onClick={() => command('insertUnorderedList')} />
      </Space>
      <div
        ref={editor}
        id={props.id}
        role="textbox"
        aria-multiline="true"
        {...fieldAria(props)}
        contentEditable={!disabled}
        suppressContentEditableWarning
        style={{ minHeight: 96, padding: '6px 11px', outline: 'none', background: disabled ? token.colorBgContainerDisabled : undefined }}
        onInput={() => {
          clearTimeout(timer.current);
          timer.current = setTimeout(flush, RICH_TEXT_DEBOUNCE_MS);
        }}
        onBlur={() => {
          flush();
          props.onBlur(props.id, emitted.current);
        }}
        onFocus={() => props.onFocus(props.id, props.value)}
      />
    </div>
  );
}

export const richTextTester = rankWith(20, requestedIs('richtext'));

export default { name: 'richtext', tester: richTextTester, component: { kind: 'widget', Component: RichTextWidget } } satisfies WidgetEntry;
