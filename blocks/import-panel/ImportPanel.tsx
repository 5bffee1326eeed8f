import { useState } from 'react';
import { isApiError } from '../../engine/http/index.js';
import { useApiClient } from '../../engine/react/PortalClientProvider.js';
import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { CallData } from '../../engine/http/index.js';
import type { ImportPanelProps } from '../../schemas/types/blocks.js';
import './import-panel.css';

type Kind = 'projects' | 'deals' | 'articles';
type Report = CallData<'adminImport'>;

const KINDS: ReadonlyArray<{ value: Kind; label: string }> = [
  { value: 'projects', label: '项目' },
  { value: 'deals', label: '成交公告' },
  { value: 'articles', label: '文章' },
];

/** Saves a downloaded file under `name` (the browser's own download, no new window). */
function save(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Template, dry run, import: the problems of a file in a table by row and column, so staff fix them in one pass. */
export default function ImportPanel({ props }: BlockComponentProps<ImportPanelProps>) {
  const client = useApiClient();
  const [kind, setKind] = useState<Kind>('projects');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ report?: Report; message: string } | null>(null);
  const label = KINDS.find((k) => k.value === kind)!.label;

  const send = async (dryRun: boolean) => {
    if (!file) return;
    const formData = new FormData();
    formData.append('kind', kind);
    formData.append('dryRun', dryRun ? 'true' : 'false');
    formData.append('file', file, file.name);
    setBusy(true);
    try {
      const report = await client.call('adminImport', { formData, timeoutMs: 120_000 });
      setResult({ report, message: dryRun ? `试导入：共 ${report.rows} 行，发现 ${report.problems.length} 处错误` : `已导入 ${report.imported} 条${label}` });
    } catch (error) {
      setResult({ message: isApiError(error) ? error.message : '导入失败，请重试' });
    } finally {
      setBusy(false);
    }
  };

  const download = async () => {
    try {
      save((await client.binary('adminImportTemplate', { body: { kind } }, 'blob')) as Blob, `${label}导入模板.xlsx`);
    } catch (error) {
      setResult({ message: isApiError(error) ? error.message : '模板下载失败，请重试' });
    }
  };

  return (
    <div className="tm-import-panel">
      {props.intro ? <p>{props.intro}</p> : null}
      <div className="tm-import-panel__bar">
        <label>
          导入类型
          <select value={kind} onChange={(e) => (setKind(e.target.value as Kind), setResult(null))}>
            {KINDS.map((k) => (
              <option key={k.value} value={k.value}>
                {k.label}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="tm-button" onClick={() => download()}>
          下载模板
        </button>
        <label>
          文件（.xlsx 或 .csv）
          <input type="file" accept=".xlsx,.csv" onChange={(e) => (setFile(e.target.files?.[0] ?? null), setResult(null))} />
        </label>
        <button type="button" className="tm-button" disabled={!file || busy} onClick={() => send(true)}>
          试导入
        </button>
        <button type="button" className="tm-button tm-button--primary" disabled={!file || busy} onClick={() => send(false)}>
          导入
        </button>
      </div>
      {result ? (
        <div role="status" className="tm-import-panel__result">
          <p>{result.message}</p>
          {result.report?.problems.length ? (
            <table className="tm-import-panel__problems">
              <caption>文件中的错误（改正后重新试导入）</caption>
              <thead>
                <tr>
                  <th scope="col">行号</th>
                  <th scope="col">列</th>
                  <th scope="col">问题</th>
                </tr>
              </thead>
              <tbody>
                {result.report.problems.map((p, i) => (
                  <tr key={i}>
                    <td>{p.row}</td>
                    <td>{p.column}</td>
                    <td>{p.msg}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
