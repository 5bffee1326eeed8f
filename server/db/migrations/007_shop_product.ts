import type { Kysely } from 'kysely';
import { execScript } from '../exec-script.js';

// 网上商城 (the online shop of a region that enables it): the region's farm products as their sellers offer them —
// name, category (dictionary product_category), price per unit, stock, the seller and how to reach them, where it
// is produced (the place), pictures and a description. There is no purchase flow: the detail tells a visitor whom
// to call. The list reads a place's subtree by category, newest first, hence the index.
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    CREATE TABLE shop_product (
      id serial PRIMARY KEY,
      dept_id integer NOT NULL REFERENCES place(dept_id),
      category text NOT NULL DEFAULT '',
      name text NOT NULL,
      price numeric(12, 2) NOT NULL CHECK (price >= 0),
      unit text NOT NULL DEFAULT '',
      stock integer NOT NULL DEFAULT 0 CHECK (stock >= 0),
      seller text NOT NULL DEFAULT '',
      phone text NOT NULL DEFAULT '',
      origin text NOT NULL DEFAULT '',
      img_list jsonb NOT NULL DEFAULT '[]'::jsonb,
      content text NOT NULL DEFAULT '',
      on_sale boolean NOT NULL DEFAULT true,
      create_time timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX shop_product_dept_idx ON shop_product (dept_id, category, create_time DESC);
    INSERT INTO dict_data (dict_type, dict_value, dict_label, dict_sort) VALUES
      ('product_category', '1', '粮油米面', 1),
      ('product_category', '2', '茶叶饮品', 2),
      ('product_category', '3', '干货特产', 3),
      ('product_category', '4', '新鲜果蔬', 4),
      ('product_category', '5', '禽蛋水产', 5);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    DELETE FROM dict_data WHERE dict_type = 'product_category';
    DROP TABLE IF EXISTS shop_product;
  `,
  );
}
