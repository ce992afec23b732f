/** Public API of the data layer: the resource data provider, its criteria helpers, query keys and errors. */
export { createDataProvider, resourceUrl, type DataProviderOptions } from './provider.ts';
export { filtersFromQuery, filtersToQuery, isEmptyFilterValue, listQuery, MULTI_VALUE_OPERATORS, parseSortParam, sortToParam } from './criteria.ts';
export { asConflict, ConflictError, ifMatch, versionOfEtag } from './errors.ts';
export { createLabelLoader, LABELS_CHUNK, type LabelLoader } from './labels.ts';
export { resourceKeys } from './query-keys.ts';
export type * from './types.ts';
