import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import ptBR from 'antd/locale/pt_BR';
import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';

dayjs.locale('pt-br');

/**
 * antd's built-in texts and dates in pt-BR. Applied by the layouts whose pages show such texts (tables,
 * date pickers, pagination, confirmations) rather than at the root, so the login page does not carry the
 * locale tables and dayjs.
 */
export function PtBrLocale({ children }: { children: ReactNode }) {
  return <ConfigProvider locale={ptBR}>{children}</ConfigProvider>;
}
