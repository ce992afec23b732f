import { Modal } from 'antd';
import type { HookAPI } from 'antd/es/modal/useModal';
import { useEffect } from 'react';

/**
 * antd's contextual modal (themed, pt-BR) for the list's actions, in a chunk of its own: useActionRunner
 * mounts it on the first action that asks something (a confirmation, a plugin's dialog).
 */
export default function ActionModalHost({ onReady }: { onReady: (api: HookAPI) => void }) {
  const [api, holder] = Modal.useModal();
  useEffect(() => onReady(api), [api, onReady]);
  return holder;
}
