/** Admin lists: fixed-size pages; `count` is the offset that row numbers add (docs/product.md#pages: row = index + 1 + count). */
export const ADMIN_PAGE_SIZE = 10;

export interface Paging {
  page: number;
  pages: number;
  /** Rows before this page. */
  count: number;
  /** How many rows in all. */
  total: number;
}

/** A requested page (any input; bad values mean page 1) within the pages that exist. */
export function paging(requested: unknown, total: number, size = ADMIN_PAGE_SIZE): Paging {
  const asked = Number(requested);
  const pages = Math.max(1, Math.ceil(total / size));
  const page = Number.isInteger(asked) && asked >= 1 ? Math.min(asked, pages) : 1;
  return { page, pages, count: (page - 1) * size, total };
}
