import type { Plugin } from 'vite';

/** antd's ConfigProvider (the module and the line this plugin rewrites; an antd upgrade that moves them fails the build). */
const CONFIG_PROVIDER = /node_modules\/antd\/es\/config-provider\/index\.js$/;
const STATIC_IMPORT = "import UniqueProvider from '../tooltip/UniqueProvider';";
const LAZY_IMPORT = "const UniqueProvider = /*#__PURE__*/React.lazy(() => import('../tooltip/UniqueProvider'));";

/**
 * Vite plugin: antd's ConfigProvider imports the tooltip's `UniqueProvider` (one shared tooltip popup, with
 * @rc-component/trigger and @rc-component/portal, ~7 KiB gzip) statically, though it renders it only with
 * `tooltip.unique`, which this app never sets. Importing it on demand keeps that code off every page's first load
 * (the login budget is 200 KiB); with `tooltip.unique` it would still load and work (React.lazy).
 */
export function antdTrim(): Plugin {
  return {
    name: 'antd-trim',
    apply: 'build',
    transform(code, id) {
      if (!CONFIG_PROVIDER.test(id)) return undefined;
      if (!code.includes(STATIC_IMPORT) || !/^import \* as React from 'react';$/m.test(code)) {
        throw new Error(`antd-trim: ${id} mudou (esperava "${STATIC_IMPORT}" e "import * as React"); revise scripts/vite-antd-trim.ts`);
      }
      return { code: code.replace(STATIC_IMPORT, LAZY_IMPORT), map: null };
    },
  };
}
