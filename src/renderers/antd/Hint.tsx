import { Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { TOOLTIP } from '../../engine/ui/tooltip.ts';
import { sanitizeHtml } from './widgets/sanitize-html.ts';

interface HintProps {
  /** The text; a string may carry simple HTML (bold, italic, lists, line breaks), sanitized before it shows. */
  title: ReactNode;
  children: ReactNode;
}

/** The app's tooltip (spec §9): below the element, 10 px away; delays, width and layer come from `AntdProvider`. */
export function Hint({ title, children }: HintProps) {
  const content = typeof title === 'string' && TOOLTIP.allowHtml && /<[a-z]/i.test(title)
    ? <span dangerouslySetInnerHTML={{ __html: sanitizeHtml(title) }} />
    : title;
  return (
    <Tooltip title={content} placement={TOOLTIP.placement} align={{ offset: [0, TOOLTIP.offsetPx] }}>
      {children}
    </Tooltip>
  );
}
