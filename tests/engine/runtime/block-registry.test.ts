import { describe, expect, it } from 'vitest';
import { createBlockRegistry } from '../../../engine/runtime/block-registry.js';
import { defaultBlocks } from '../../../blocks/index.js';

const stub = (name: string) => () => Promise.resolve({ default: () => name as never });

describe('the block registry', () => {
  it('resolves a type by layers, later layers winning (deployment → theme → default)', async () => {
    const registry = createBlockRegistry(
      [
        { type: 'article-list', load: stub('default list') },
        { type: 'app-qr', load: stub('default qr') },
      ],
      [{ type: 'article-list', load: stub('theme list') }],
    );
    expect(registry.types()).toEqual(['app-qr', 'article-list']);
    const list = await registry.get('article-list')!.load();
    expect((list.default as () => string)()).toBe('theme list');
    expect(registry.get('no-such-block')).toBeUndefined();
  });

  it('every built-in type has its folder with a props schema (blocks/<type>/props.schema.json), and every such folder a registered type', async () => {
    const fs = await import('node:fs');
    const schemaTypes = fs
      .readdirSync('blocks', { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && fs.existsSync(`blocks/${entry.name}/props.schema.json`))
      .map((entry) => entry.name)
      .sort();
    expect(defaultBlocks.map((b) => b.type).sort()).toEqual(schemaTypes);
  });
});
