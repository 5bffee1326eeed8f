/**
 * What a block's props schema says about the block beyond its props, for config authors and their tools: its
 * Chinese name (`x-name`) and the data it shows (`x-source`: whether it needs a source, and which calls fit).
 */
export interface BlockSourceNeeds {
  /** The block shows data: without a source it would draw an empty frame. */
  required: boolean;
  /** The API calls whose answers it draws. */
  calls: string[];
  /** Whether a site-data key (`source: { siteData: … }`) fits too. */
  siteData: boolean;
}

export interface BlockMeta {
  /** The name config authors know the block by, e.g. 新闻轮播. */
  name: string;
  source?: BlockSourceNeeds;
}

/**
 * Reads the block's meta from its props schema; a schema without `x-name` gives its title.
 *
 * @example
 * blockMeta(schemas.blockSchemas.get('news-carousel')) // { name: '新闻轮播', source: { required: true, calls: ['newsList'], siteData: false } }
 */
export function blockMeta(schema: Record<string, unknown> | undefined): BlockMeta {
  if (!schema) return { name: '' };
  const name = typeof schema['x-name'] === 'string' ? schema['x-name'] : String(schema.title ?? '');
  const raw = schema['x-source'] as { required?: unknown; calls?: unknown; siteData?: unknown } | undefined;
  if (!raw || typeof raw !== 'object') return { name };
  return {
    name,
    source: {
      required: raw.required === true,
      calls: Array.isArray(raw.calls) ? raw.calls.map(String) : [],
      siteData: raw.siteData === true,
    },
  };
}
