import { useState } from 'react';
import type { StudioModel } from './studio-api.js';
import type { RunEdit } from './StudioApp.js';
import { ListSettings } from './ListSettings.js';

/** A text setting saved on its own button (a region name, a status's wording). */
function TextSetting({ id, label, value, onSave }: { id: string; label: string; value: string; onSave(value: string): Promise<string | undefined> }) {
  const [text, setText] = useState(value);
  return (
    <form
      className="studio-setting"
      onSubmit={(event) => {
        event.preventDefault();
        void onSave(text);
      }}
    >
      <label htmlFor={id}>{label}</label>
      <input id={id} value={text} onChange={(event) => setText(event.target.value)} />
      <button type="submit" disabled={text === value} aria-label={`保存${label}`}>
        保存
      </button>
    </form>
  );
}

/** The region's names, its flags (each with what it does) and its status wording, saved to its region.yaml. */
export function RegionSettings({ model, run }: { model: StudioModel; run: RunEdit }) {
  const setRegion = (path: string[], value: unknown) => run({ op: 'setRegion', path, value });
  const { names, flags, statusLabels, statusFields, theme } = model.settings;
  return (
    <section aria-labelledby="settings-title" className="studio-settings">
      <h2 id="settings-title">
        地区设置 <small>{model.region.file}</small>
      </h2>
      <h3>名称</h3>
      <TextSetting id="set-cityName" label="地区名称" value={names.cityName} onSave={(v) => setRegion(['cityName'], v)} />
      <TextSetting id="set-homeTitle" label="网站标题" value={names.homeTitle ?? ''} onSave={(v) => setRegion(['homeTitle'], v || null)} />
      <h3>配色</h3>
      <p className="studio-hint">六位十六进制颜色，如 #0b5c3a；清空后沿用默认的绿色。</p>
      {theme.map((field) => (
        <TextSetting
          key={`${field.key}-${field.value ?? ''}`}
          id={`set-theme-${field.key}`}
          label={field.title}
          value={field.value ?? ''}
          onSave={(v) => setRegion(['theme', field.key], v.trim() || null)}
        />
      ))}
      <h3>状态名称</h3>
      {statusFields.map(({ number: n, title }) => (
        <TextSetting
          key={`${n}-${statusLabels[n] ?? ''}`}
          id={`set-status-${n}`}
          label={title}
          value={statusLabels[n] ?? ''}
          onSave={(v) => setRegion(['statusLabels', n], v || null)}
        />
      ))}
      <fieldset>
        <legend>功能开关</legend>
        {flags.map((flag) => (
          <div key={flag.name} className="studio-flag">
            {/* The box inside its label: the Chinese title beside it, the name written in region.yaml small after. */}
            <label htmlFor={`flag-${flag.name}`}>
              <input
                id={`flag-${flag.name}`}
                type="checkbox"
                checked={flag.on}
                aria-describedby={`flag-${flag.name}-about`}
                onChange={(event) => void setRegion(['flags', flag.name], event.target.checked)}
              />{' '}
              {flag.title} <small lang="en">{flag.name}</small>
            </label>
            <p id={`flag-${flag.name}-about`} className="studio-hint">
              {flag.description}
            </p>
          </div>
        ))}
      </fieldset>
      <ListSettings model={model} run={run} />
    </section>
  );
}
