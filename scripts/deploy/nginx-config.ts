/**
 * deploy/nginx.conf made to run on loopback as the current user: the operator's file with its listen ports, host
 * names, certificate, instances and log path replaced line by line, wrapped in a main configuration of its own (pid,
 * temporary folders and logs under one folder). Each replacement must find the lines it expects, so a change to
 * deploy/nginx.conf that the local copy would silently miss fails here instead.
 */

export interface LocalNginxSettings {
  /** Address nginx listens on (127.0.0.1). */
  host: string;
  httpPort: number;
  httpsPort: number;
  /** host:port of each instance. */
  instances: string[];
  certificate: string;
  certificateKey: string;
  /** Folder of the pid file, logs and request-body temporary files. */
  dir: string;
  /** Adds X-Tianmu-Upstream (the instance that answered) to every HTTPS answer: for tests and troubleshooting. */
  upstreamHeader?: boolean;
  /** nginx refuses `user` unless it runs as root; as root its workers would otherwise run as nobody. */
  runAsRoot?: boolean;
}

interface Replacement {
  what: string;
  pattern: RegExp;
  /** How many lines it must match. */
  count: number | 'some';
  replace: (match: string, ...groups: string[]) => string;
}

function replaceAll(text: string, { what, pattern, count, replace }: Replacement): string {
  const found = text.match(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`))?.length ?? 0;
  if (count === 'some' ? found === 0 : found !== count) {
    throw new Error(`deploy/nginx.conf: expected ${count === 'some' ? 'some' : count} line(s) of ${what}, found ${found}`);
  }
  return text.replace(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`), replace as (substring: string, ...args: unknown[]) => string);
}

/** The operator's deploy/nginx.conf with loopback ports, names, paths and instances in place (an http {} include). */
export function renderSiteConfig(template: string, settings: LocalNginxSettings): string {
  const { host, httpPort, httpsPort } = settings;
  const steps: Replacement[] = [
    // Loopback only: no IPv6 listeners (a container may have no ::1).
    { what: 'IPv6 listen', pattern: /^[ \t]*listen \[::\]:\d+[^\n]*\n/m, count: 'some', replace: () => '' },
    {
      what: 'listen 80',
      pattern: /^([ \t]*)listen 80\b/m,
      count: 2,
      replace: (_m, indent) => `${indent}listen ${host}:${httpPort}`,
    },
    {
      what: 'listen 443',
      pattern: /^([ \t]*)listen 443\b/m,
      count: 2,
      replace: (_m, indent) => `${indent}listen ${host}:${httpsPort}`,
    },
    {
      what: 'the portal server_name',
      pattern: /^([ \t]*)server_name portal\.example\.org;/m,
      count: 2,
      replace: (_m, indent) => `${indent}server_name ${host} localhost;`,
    },
    {
      what: 'the HTTPS redirect',
      pattern: /return 301 https:\/\/\$host\$request_uri;/,
      count: 1,
      replace: () => `return 301 https://$host:${httpsPort}$request_uri;`,
    },
    {
      what: 'ssl_certificate',
      pattern: /^([ \t]*)ssl_certificate +\S+;/m,
      count: 1,
      replace: (_m, indent) => `${indent}ssl_certificate ${settings.certificate};`,
    },
    {
      what: 'ssl_certificate_key',
      pattern: /^([ \t]*)ssl_certificate_key +\S+;/m,
      count: 1,
      replace: (_m, indent) => `${indent}ssl_certificate_key ${settings.certificateKey};`,
    },
    {
      // A browser sends no server name (SNI) when it connects by IP address, as it does on loopback: the catch-all
      // server answers the handshake with the same certificate, and the Host header still picks the portal's server.
      what: 'ssl_reject_handshake',
      pattern: /^([ \t]*)ssl_reject_handshake on;/m,
      count: 1,
      replace: (_m, indent) => `${indent}ssl_certificate ${settings.certificate};\n${indent}ssl_certificate_key ${settings.certificateKey};`,
    },
    {
      what: 'access_log',
      pattern: /access_log \/var\/log\/nginx\/tianmu\.access\.log tianmu;/,
      count: 'some',
      replace: () => `access_log ${settings.dir}/access.log tianmu;`,
    },
    {
      what: 'the upstream servers',
      pattern: /^([ \t]*)server \S+:\d+( max_fails=[^\n]*;)\n(?:[ \t]*server \S+:\d+ max_fails=[^\n]*;\n)*/m,
      count: 1,
      replace: (_m, indent, options) => settings.instances.map((address) => `${indent}server ${address}${options}\n`).join(''),
    },
  ];
  if (settings.upstreamHeader) {
    steps.push({
      what: "the HTTPS server's proxy_hide_header of HSTS",
      pattern: /^([ \t]*)proxy_hide_header Strict-Transport-Security;\n/m,
      count: 1,
      replace: (line, indent) => `${line}${indent}add_header X-Tianmu-Upstream $upstream_addr always;\n`,
    });
  }
  return steps.reduce(replaceAll, template);
}

/** The main configuration around the site file: one worker, everything nginx writes under `dir`, in the foreground. */
export function renderMainConfig(siteConfigPath: string, settings: Pick<LocalNginxSettings, 'dir' | 'runAsRoot'>): string {
  const { dir } = settings;
  return [
    '# Generated by scripts/deploy/nginx-config.ts around deploy/nginx.conf: loopback, current user, this folder.',
    'daemon off;',
    'worker_processes 1;',
    ...(settings.runAsRoot ? ['user root;'] : []),
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log warn;`,
    'events { worker_connections 512; }',
    'http {',
    '    include /etc/nginx/mime.types;',
    '    default_type application/octet-stream;',
    `    client_body_temp_path ${dir}/tmp/body;`,
    `    proxy_temp_path ${dir}/tmp/proxy;`,
    `    fastcgi_temp_path ${dir}/tmp/fastcgi;`,
    `    uwsgi_temp_path ${dir}/tmp/uwsgi;`,
    `    scgi_temp_path ${dir}/tmp/scgi;`,
    `    include ${siteConfigPath};`,
    '}',
    '',
  ].join('\n');
}
