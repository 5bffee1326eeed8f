import type { RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';
import { useMemo } from 'react';
import { uiSchemaFromTexts, withoutEnglishDescriptions } from '../../region/schema-texts.js';
import { SchemaForm } from '../../react/forms/SchemaForm.js';
import type { StudioModel } from './studio-api.js';
import type { RunEdit } from './StudioApp.js';
import { ProblemList } from './ProblemList.js';
import { whenChoice, whenOfChoice, whenOptions } from './when-choice.js';

type Page = StudioModel['pages'][number];
type Block = Page['blocks'][number];

/**
 * The form checks nothing itself: the page's CSP refuses the run-time compile ajv needs, and the server checks every
 * change with the region validator anyway and says what is wrong in Chinese.
 */
const serverChecks: ValidatorType = {
  validateFormData: () => ({ errors: [], errorSchema: {} }),
  isValid: () => true,
  rawValidation: () => ({}),
};

const WIDTHS = [
  ['full', '整行'],
  ['2/3', '三分之二'],
  ['1/2', '一半'],
  ['1/3', '三分之一'],
] as const;

/** A schema that points into other files (a few blocks' nested sources) is edited in its YAML file. */
const hasFileRef = (schema: unknown) => JSON.stringify(schema).includes('"$ref":"../');

/** A call by its Chinese name, the name written in the file after it. */
const callLabel = (model: StudioModel, call: string) => `${model.calls[call]?.title ?? '接口'}（${call}）`;

/**
 * Where the block's data comes from: the calls its schema names and, for a block that reads site data, the region's
 * site-data keys, each by its Chinese name; what the chosen call answers is said under it.
 */
function SourcePicker({ model, block, disabled, onChange }: { model: StudioModel; block: Block; disabled: boolean; onChange(value: unknown): void }) {
  const needs = model.catalog.find((b) => b.type === block.type)?.source;
  const sourceNow = JSON.stringify(block.source ?? null);
  const sources = [
    ...(needs?.calls ?? []).map((call) => ({ label: callLabel(model, call), value: { call } })),
    ...(needs?.siteData
      ? model.settings.siteDataKeys.map((key) => ({ label: `站点数据：${model.settings.siteDataTitles[key] ?? key}（${key}）`, value: { siteData: key } }))
      : []),
  ];
  if (sources.length === 0 && block.source === undefined) return null;
  const known = sources.some((s) => JSON.stringify(s.value) === sourceNow);
  const call = (block.source as { call?: unknown } | undefined)?.call;
  // A source written with its own parameters (a query, a body) is kept as written: the picker names it, the file edits it.
  const custom =
    known || block.source === undefined ? undefined : typeof call === 'string' ? `当前：${callLabel(model, call)}（带参数）` : '当前：自定义的数据来源';
  const about = [typeof call === 'string' ? model.calls[call]?.description : undefined, custom && `参数写在 ${block.file} 中，请在那里修改。`]
    .filter(Boolean)
    .join(' ');
  return (
    <>
      <label htmlFor="block-source">数据来源{needs?.required ? '（必填）' : ''}</label>
      <select
        id="block-source"
        disabled={disabled}
        value={known ? sourceNow : block.source === undefined ? '' : 'custom'}
        aria-describedby={about ? 'source-about' : undefined}
        onChange={(event) => onChange(event.target.value === '' ? null : JSON.parse(event.target.value))}
      >
        {!needs?.required && <option value="">无</option>}
        {needs?.required && block.source === undefined && (
          <option value="" disabled>
            请选择
          </option>
        )}
        {custom && <option value="custom">{custom}</option>}
        {sources.map((s) => (
          <option key={JSON.stringify(s.value)} value={JSON.stringify(s.value)}>
            {s.label}
          </option>
        ))}
      </select>
      {about && (
        <p id="source-about" className="studio-hint">
          {about}
        </p>
      )}
    </>
  );
}

/** One block: its width, when it shows, where its data comes from, and its props by a form from its schema. */
export function BlockEditor({ model, page, block, run }: { model: StudioModel; page: Page; block: Block; run: RunEdit }) {
  const type = model.catalog.find((b) => b.type === block.type);
  // The form speaks the schema's Chinese texts (x-title, x-description); its English descriptions are for engineers.
  const form = useMemo(
    () => ({ schema: withoutEnglishDescriptions(type?.schema ?? {}) as RJSFSchema, uiSchema: uiSchemaFromTexts(type?.schema) as UiSchema }),
    [type],
  );
  const set = (field: 'props' | 'source' | 'when' | 'width', value: unknown) => run({ op: 'setBlock', page: page.id, index: block.index, field, value });
  const disabled = !page.editable;
  return (
    <section aria-labelledby="block-title" className="studio-block-editor">
      <h2 id="block-title">
        {block.name}（{block.type}）
      </h2>
      <p className="studio-hint">
        {type?.description} <small>{`${block.file}:${block.line}`}</small>
      </p>
      <ProblemList title="这个区块的问题" problems={block.problems} />
      <label>
        宽度
        <select disabled={disabled} value={block.width ?? 'full'} onChange={(event) => void set('width', event.target.value)}>
          {WIDTHS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      {/* Beside, not around, the drop-down: its options name every flag, and a label around it would take them in. */}
      <label htmlFor="block-when">显示条件</label>
      <select
        id="block-when"
        disabled={disabled}
        value={whenChoice(block.when)}
        onChange={(event) => {
          const value = whenOfChoice(event.target.value);
          if (value !== undefined) void set('when', value);
        }}
      >
        {whenOptions(model.settings.flags, whenChoice(block.when)).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
      <SourcePicker model={model} block={block} disabled={disabled} onChange={(value) => void set('source', value)} />
      <h3>属性</h3>
      {!type || hasFileRef(type.schema) ? (
        <p>这个区块的属性请在 {block.file} 中编辑。</p>
      ) : (
        <SchemaForm
          schema={form.schema}
          uiSchema={form.uiSchema}
          validator={serverChecks}
          initialData={block.props ?? {}}
          submitText="保存属性"
          idPrefix={`props-${block.index}`}
          onSubmit={(data) => set('props', data)}
        />
      )}
    </section>
  );
}
