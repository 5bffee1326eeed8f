import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useApiClient } from '../../engine/react/PortalClientProvider.js';
import { useRouteQuery } from '../../engine/react/RegionProvider.js';
import { BlockStatus } from '../../engine/react/BlockStatus.js';
import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { BidderSheet, DealSheet, SheetProject } from '../../schemas/types/api.js';
import type { PrintSheetProps } from '../../schemas/types/blocks.js';
import './print-sheet.css';

type Loaded = { bidders: BidderSheet } | { deal: DealSheet } | { error: unknown } | null;

/** A project's bidder list or deal confirmation, laid out for paper: the console's chrome is hidden when printing. */
export default function PrintSheet({ props, blockId }: BlockComponentProps<PrintSheetProps>) {
  const client = useApiClient();
  const query = useRouteQuery();
  const projectId = Number(query.id);
  const [loaded, setLoaded] = useState<Loaded>(null);

  useEffect(() => {
    if (!(projectId > 0)) return;
    let live = true;
    setLoaded(null);
    const body = { projectId };
    const load =
      props.kind === 'deal'
        ? client.call('adminDealSheet', { body }).then((deal) => ({ deal }))
        : client.call('adminBidderSheet', { body }).then((bidders) => ({ bidders }));
    load.then(
      (data) => live && setLoaded(data),
      (error: unknown) => live && setLoaded({ error }),
    );
    return () => {
      live = false;
    };
  }, [client, props.kind, projectId]);

  if (!(projectId > 0)) return <BlockStatus kind="empty" emptyText="缺少项目编号，请从项目列表打开" />;
  if (loaded === null) return <BlockStatus kind="loading" />;
  if ('error' in loaded) return <BlockStatus kind="error" error={loaded.error} />;
  const headingId = `${blockId}-title`;
  return (
    <article className="tm-print-sheet" aria-labelledby={headingId}>
      <div className="tm-print-sheet__tools">
        <button type="button" className="tm-button" onClick={() => window.print()}>
          打印
        </button>
        <Link to={props.backRoute ?? '/admin/projects'}>返回项目列表</Link>
      </div>
      {'deal' in loaded ? <DealView sheet={loaded.deal} headingId={headingId} /> : <BiddersView sheet={loaded.bidders} headingId={headingId} />}
    </article>
  );
}

function ProjectFacts({ project }: { project: SheetProject }) {
  const facts: Array<[string, string]> = [
    ['项目编号', project.code],
    ['项目名称', project.projectName],
    ['项目地址', project.address || '—'],
    ['起始价', project.price],
    ['保证金', project.deposit || '无'],
    ['竞价时间', project.biddingTime],
    ['项目状态', project.statusName],
  ];
  return (
    <dl className="tm-print-sheet__facts">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Signatures({ lines }: { lines: string[] }) {
  return (
    <div className="tm-print-sheet__signatures">
      {lines.map((line) => (
        <p key={line}>
          {line}：<span className="tm-print-sheet__blank" aria-hidden="true" />
          日期：
          <span className="tm-print-sheet__blank tm-print-sheet__blank--short" aria-hidden="true" />
        </p>
      ))}
    </div>
  );
}

function BiddersView({ sheet, headingId }: { sheet: BidderSheet; headingId: string }) {
  const { project, rows } = sheet;
  return (
    <>
      <h1 id={headingId} className="tm-print-sheet__title">
        竞买人名单
      </h1>
      <p className="tm-print-sheet__centre">{project.centre}</p>
      <ProjectFacts project={project} />
      <table className="tm-print-sheet__table">
        <caption>共 {rows.length} 名报名人</caption>
        <thead>
          <tr>
            {['序号', '竞买号', '姓名', '手机号', '保证金', '报名状态'].map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={`${r.phone}-${i}`}>
              <td>{i + 1}</td>
              <td>{r.bidderCode || '—'}</td>
              <td>{r.name}</td>
              <td>{r.phone}</td>
              <td>{r.deposit}</td>
              <td>{r.state}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="tm-print-sheet__printed">打印时间：{project.printedAt}</p>
      <Signatures lines={['经办人', '复核人']} />
    </>
  );
}

function DealView({ sheet, headingId }: { sheet: DealSheet; headingId: string }) {
  const { project } = sheet;
  const rows: Array<[string, string]> = [
    ['项目编号', project.code],
    ['项目名称', project.projectName],
    ['项目地址', project.address || '—'],
    ['竞价方式', sheet.venue],
    ['竞买人数', `${sheet.bidders}人`],
    ['竞得人', sheet.winnerName],
    ['竞买号', sheet.winnerCode],
    ['联系电话', sheet.winnerPhone],
    ['起始价', project.price],
    ['成交价', sheet.amount],
    ['成交时间', sheet.dealtAt],
  ];
  if (sheet.note) rows.push(['备注', sheet.note]);
  return (
    <>
      <h1 id={headingId} className="tm-print-sheet__title">
        成交确认书
      </h1>
      <p className="tm-print-sheet__centre">{project.centre}</p>
      <p className="tm-print-sheet__text">
        {project.projectName}（项目编号：{project.code}）于{sheet.dealtAt}经{sheet.venue}，由竞买号 {sheet.winnerCode} 的竞买人{sheet.winnerName}以
        {sheet.amount}竞得。经{project.centre}确认，成交结果如下：
      </p>
      <table className="tm-print-sheet__table">
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="tm-print-sheet__text">竞得人应在成交之日起按交易规则签订合同、缴清价款，逾期视为放弃，保证金按规定处理。特此确认。</p>
      <Signatures lines={['竞得人（签字）', '出让方（签字或盖章）', `${project.centre}（盖章）`]} />
      <p className="tm-print-sheet__printed">打印时间：{project.printedAt}</p>
    </>
  );
}
