import { Button, type ButtonProps } from 'antd';
import type { MouseEvent } from 'react';
import { useHref, useLinkClickHandler } from 'react-router-dom';

/**
 * A link that looks like a button ("Novo lançamento", "Editar"): one `<a href>` with antd's button look — never a
 * `<button>` inside an `<a>` (invalid, and read twice by screen readers). A plain click navigates inside the app;
 * Ctrl/middle-click opens a tab, as any link.
 */
export function LinkButton({ to, ...props }: Omit<ButtonProps, 'href' | 'onClick'> & { to: string }) {
  const href = useHref(to);
  const onClick = useLinkClickHandler<HTMLAnchorElement>(to);
  return <Button {...props} href={href} onClick={(e: MouseEvent<HTMLElement>) => onClick(e as MouseEvent<HTMLAnchorElement>)} />;
}
