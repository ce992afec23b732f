import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Breadcrumb, Button, Card, Col, Empty, Input, Row, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { CATALOG_TEXT as T } from '../../../i18n/procurement-catalog.ts';
import { useEngine } from '../../../react/context.ts';
import { usePermissions } from '../../../react/hooks.ts';
import { PageHeader } from '../../../renderers/antd/pages/PageHeader.tsx';
import { useDocumentTitle } from '../../../renderers/antd/screens/useDocumentTitle.ts';
import { departments, search } from './api.ts';
import { DepartmentTree, findPath } from './DepartmentTree.tsx';
import { CartBadge, OrdersNav } from './parts.tsx';
import { ProductCard } from './ProductCard.tsx';

const PAGE_SIZE = 24;

/** The search box (keyed by the current query, so it shows what was searched). */
function SearchForm({ initial, onSubmit }: { initial: string; onSubmit: (v: string) => void }) {
  const [text, setText] = useState(initial);
  return (
    <form role="search" onSubmit={(e) => { e.preventDefault(); onSubmit(text); }} style={{ marginBottom: 12 }}>
      <Space.Compact style={{ width: '100%' }}>
        <Input value={text} onChange={(e) => setText(e.target.value)} placeholder={T.catalog.searchPlaceholder} aria-label={T.catalog.searchLabel} allowClear maxLength={100} />
        <Button type="primary" htmlType="submit">{T.catalog.searchButton}</Button>
      </Space.Compact>
    </form>
  );
}

/**
 * /pedidos/catalogo, /pedidos/catalogo/busca?q= and /pedidos/catalogo/{categorySlug*}: the department tree
 * (GET cart/v1/catalog/departments) beside the product cards of a department and its subdepartments, or of a
 * ranked unaccented search (GET cart/v1/catalog/search, `x-total-count`), 24 a page (`?pagina=`).
 */
export default function CatalogPage() {
  const engine = useEngine();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const splat = useParams()['*'] ?? '';
  const isSearch = pathname === '/pedidos/catalogo/busca';
  const q = isSearch ? (params.get('q') ?? '').trim() : '';
  const category = (isSearch ? params.get('departamento') ?? '' : splat).replace(/^\/+|\/+$/g, '');
  const page = Math.max(1, Number(params.get('pagina')) || 1);
  const { can } = usePermissions();
  const canBuy = can('orders', 'create');

  const tree = useQuery({ queryKey: ['procurement', 'departments'], queryFn: () => departments(engine), staleTime: 60_000 });
  const trail = category && tree.data ? findPath(tree.data, category) : [];
  const here = trail[trail.length - 1];
  useDocumentTitle(isSearch ? T.catalog.searchLabel : here?.name ?? T.catalog.title);
  const unknown = !!category && !!tree.data && !here;
  const products = useQuery({
    queryKey: ['procurement', 'catalog', q, category, page],
    queryFn: ({ signal }) => search(engine, { q: q || undefined, category: category || undefined, page, pageSize: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
    enabled: !unknown,
  });
  const pages = Math.max(1, Math.ceil((products.data?.total ?? 0) / PAGE_SIZE));
  const go = (p: number) => {
    const next = new URLSearchParams(params);
    if (p > 1) next.set('pagina', String(p));
    else next.delete('pagina');
    navigate({ search: next.toString() });
  };
  const submit = (value: string) => {
    const v = value.trim();
    if (!v) return navigate(category ? `/pedidos/catalogo/${category}` : '/pedidos/catalogo');
    const next = new URLSearchParams({ q: v });
    if (category) next.set('departamento', category);
    navigate(`/pedidos/catalogo/busca?${next.toString()}`);
  };

  return (
    <>
      <PageHeader title={isSearch ? T.catalog.searchLabel : here?.name ?? T.catalog.title} lead={T.catalog.lead} actions={canBuy ? <CartBadge /> : undefined} />
      <OrdersNav />
      <Row gutter={[16, 16]}>
        <Col xs={24} md={7} lg={6}>
          <Card size="small" title={T.catalog.departments}>
            {tree.isError ? <Alert type="error" showIcon title={(tree.error as Error).message} /> : tree.isPending ? <Skeleton active /> : <DepartmentTree tree={tree.data} current={category} />}
          </Card>
        </Col>
        <Col xs={24} md={17} lg={18}>
          <SearchForm key={q} initial={q} onSubmit={submit} />
          {trail.length > 0 && (
            <Breadcrumb style={{ marginBottom: 8 }} items={[{ title: <Link to="/pedidos/catalogo">{T.catalog.title}</Link> }, ...trail.map((d) => ({ title: <Link to={`/pedidos/catalogo/${d.path}`}>{d.name}</Link> }))]} />
          )}
          {unknown ? (
            <Card><Empty description={T.catalog.unknownCategory}><Link to="/pedidos/catalogo">{T.catalog.all}</Link></Empty></Card>
          ) : products.isError ? (
            <Alert type="error" showIcon title={(products.error as Error).message} action={<Button size="small" onClick={() => void products.refetch()}>{T.retry}</Button>} />
          ) : products.isPending ? (
            <Card><Skeleton active /></Card>
          ) : !products.data.items.length ? (
            <Card><Empty description={q ? T.catalog.emptySearch : T.catalog.empty} /></Card>
          ) : (
            <>
              <Typography.Paragraph type="secondary" aria-live="polite" data-testid="catalog-count">{T.catalog.results(products.data.total, q || undefined)}</Typography.Paragraph>
              <Row gutter={[12, 12]} aria-busy={products.isFetching}>
                {products.data.items.map((p) => (
                  <Col key={p.id} xs={24} sm={12} lg={8} xl={6}><ProductCard product={p} canBuy={canBuy} /></Col>
                ))}
              </Row>
              {pages > 1 && (
                <Space style={{ marginTop: 16, width: '100%', justifyContent: 'center' }}>
                  <Button disabled={page <= 1} onClick={() => go(page - 1)}>{T.catalog.prev}</Button>
                  <Typography.Text>{T.catalog.page(page, pages)}</Typography.Text>
                  <Button disabled={page >= pages} onClick={() => go(page + 1)}>{T.catalog.next}</Button>
                </Space>
              )}
            </>
          )}
        </Col>
      </Row>
    </>
  );
}
