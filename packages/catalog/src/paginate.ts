import type { CatalogClient, PagedItem, PagedMethod } from './client.ts';

const MAX_PAGE_SIZE = 100;

/** Walks a paged list until a short page; every page is one request. */
export async function* paginate<M extends PagedMethod>(
  client: CatalogClient,
  method: M,
  id: string,
  pageSize: number = MAX_PAGE_SIZE,
): AsyncGenerator<PagedItem<M>, void, undefined> {
  const limit = Math.max(1, Math.min(MAX_PAGE_SIZE, Math.floor(pageSize)));
  const fetchPage = client[method] as (
    id: string,
    page: { offset: number; limit: number },
  ) => Promise<PagedItem<M>[]>;
  for (let offset = 0; ; offset += limit) {
    const items = await fetchPage(id, { offset, limit });
    yield* items;
    if (items.length < limit) return;
  }
}
