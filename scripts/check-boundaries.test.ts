import { describe, expect, it } from 'vitest';
import { checkImport } from './check-boundaries.ts';

describe('import boundaries', () => {
  it('keeps the engine free of UI packages and upper layers', () => {
    expect(checkImport('src/engine/http.ts', 'react', undefined)).toMatch(/TypeScript puro/);
    expect(checkImport('src/engine/http.ts', 'antd', undefined)).toMatch(/TypeScript puro/);
    expect(checkImport('src/engine/http.ts', '../react/x', 'src/react/x')).toMatch(/não importa react/);
    expect(checkImport('src/engine/http.ts', '../i18n/messages', 'src/i18n/messages')).toBeUndefined();
    expect(checkImport('src/engine/http.ts', 'qs', undefined)).toBeUndefined();
  });
  it('keeps antd out of the react bindings', () => {
    expect(checkImport('src/react/useScreen.ts', 'antd', undefined)).toMatch(/antd só em renderers/);
    expect(checkImport('src/renderers/antd/List.tsx', 'antd', undefined)).toBeUndefined();
  });
  it('forbids plugins importing each other and anyone importing app', () => {
    expect(checkImport('src/plugins/auth/a.ts', '../reports/b', 'src/plugins/reports/b')).toMatch(/um plugin não importa outro/);
    expect(checkImport('src/plugins/auth/a.ts', './b', 'src/plugins/auth/b')).toBeUndefined();
    expect(checkImport('src/renderers/antd/x.tsx', '../../app/main', 'src/app/main')).toMatch(/renderers não importa app/);
  });
  it('keeps client and server apart, except the pure engine and i18n', () => {
    expect(checkImport('src/engine/a.ts', '../../server/x', 'server/x')).toBeDefined();
    expect(checkImport('server/a.ts', '../src/engine/formats', 'src/engine/formats')).toBeUndefined();
    expect(checkImport('server/a.ts', '../src/react/x', 'src/react/x')).toMatch(/só importa engine/);
    expect(checkImport('server/a.ts', '../src/engine/schema/rjsf-validator.ts', 'src/engine/schema/rjsf-validator.ts')).toMatch(/validador do RJSF/);
    expect(checkImport('src/engine/schema/rjsf-validator.ts', '@rjsf/validator-ajv8', undefined)).toBeUndefined();
    expect(checkImport('src/engine/schema/other.ts', '@rjsf/validator-ajv8', undefined)).toMatch(/TypeScript puro/);
  });
});
