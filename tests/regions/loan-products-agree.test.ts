import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRegionCatalog } from '../../engine/region-files/index.js';

/**
 * A loan product is shown on several pages of a region: the home's finance panel, the financial-services list (with
 * its bank and a link to the bank's page) and the bank's own page. A visitor comparing them must read the same rate,
 * term and limit: 蓝田's home said 惠农e贷 3.85‰-5.39‰ and its 农业银行 page 3.85%-5.50%.
 */
interface Product {
  title: string;
  rate: string;
  deadline: string;
  limit: string;
  bank?: string;
  path?: string;
}
interface Block {
  type: string;
  props?: { products?: Product[] };
}
interface Page {
  route: string;
  blocks?: Block[];
}

const catalog = loadRegionCatalog(path.resolve('regions'));
const facts = (p: Product) => ({ rate: p.rate, deadline: p.deadline, limit: p.limit });

for (const region of catalog.regions) {
  const pages = Object.values((region as unknown as { pages?: Record<string, Page> }).pages ?? {});
  const productsOf = (type: string) => pages.flatMap((page) => (page.blocks ?? []).filter((b) => b.type === type).map((b) => ({ page, products: b.props?.products ?? [] })));
  const lists = productsOf('loan-products');
  const panels = productsOf('finance-panel');
  if (lists.length === 0 && panels.length === 0) continue;

  describe(`${region.id}: loan products`, () => {
    it('a product linked to its bank page reads the same there', () => {
      let compared = 0;
      for (const { products } of lists) {
        for (const product of products.filter((p) => p.path)) {
          const bankPage = lists.find(({ page }) => page.route === product.path);
          const there = bankPage?.products.find((p) => p.title === product.title);
          expect(there, `${product.title} on ${product.path}`).toBeDefined();
          expect(facts(there!), `${product.title} on ${product.path}`).toEqual(facts(product));
          compared++;
        }
      }
      if (region.id === 'lantian') expect(compared).toBeGreaterThanOrEqual(3);
    });

    it("the home panel's rate is the one the product's list gives", () => {
      const listed = new Map(lists.flatMap(({ products }) => products.filter((p) => p.bank).map((p) => [p.title, p] as const)));
      let compared = 0;
      for (const { products } of panels) {
        for (const product of products) {
          const same = listed.get(product.title);
          if (!same) continue;
          expect(product.rate, product.title).toBe(same.rate);
          compared++;
        }
      }
      if (region.id === 'lantian') expect(compared).toBeGreaterThanOrEqual(5);
    });
  });
}
