import type { Kysely } from 'kysely';
import { execScript } from '../exec-script.js';

// 草地金融 (015002): the financial services of grassland regions (flags.changeJRFWtoCaodi) — loans on grassland
// contract rights, herders' credit, livestock insurance. A database migrated before the category joined the catalog
// gets it here; a fresh one already has it from 002, which reads the catalog.
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    INSERT INTO article_category (number, name, key, parent_number, order_num)
    VALUES ('015002', '草地金融', 'caodijinrong', NULL, (SELECT COALESCE(MAX(order_num), 0) + 1 FROM article_category))
    ON CONFLICT (number) DO NOTHING;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    DELETE FROM article WHERE number = '015002';
    DELETE FROM article_category WHERE number = '015002';
  `,
  );
}
