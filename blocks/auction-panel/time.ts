/** A time of day as the panel says it, in China Standard Time: `14:05:09`. */
export const hhmmss = (ms: number) => new Date(ms).toLocaleTimeString('zh-CN', { hour12: false, timeZone: 'Asia/Shanghai' });
