import { columnVisibilityFeature, type useTable, createColumnHelper, rowPaginationFeature, rowSelectionFeature, rowSortingFeature, tableFeatures } from '@tanstack/react-table';
import type { ResourceRecord } from '../../../engine/data/types.ts';

/**
 * The TanStack Table v9 features a list uses, registered once at module scope (stable identity). Sorting,
 * paging and filtering belong to the server (`manual*`), so no client row models are registered.
 */
export const listFeatures = tableFeatures({ rowSortingFeature, rowPaginationFeature, rowSelectionFeature, columnVisibilityFeature });

export type ListFeatures = typeof listFeatures;
export const listColumnHelper = createColumnHelper<ListFeatures, ResourceRecord>();
/** The table instance a list renders from (`useTable` with the list features). */
export type ListTableInstance = ReturnType<typeof useTable<ListFeatures, ResourceRecord>>;
