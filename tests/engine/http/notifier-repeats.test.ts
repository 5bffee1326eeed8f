import { describe, expect, it } from 'vitest';
import { createRecordingNotifier, withoutRepeats } from '../../../engine/http/index.js';

describe('withoutRepeats', () => {
  it('shows a message said several times at once only once, and again once its window has passed', () => {
    const recorder = createRecordingNotifier();
    let now = 1_000;
    const notifier = withoutRepeats(recorder, { windowMs: 3000, now: () => now });
    notifier.notification('error', '项目不存在或已下架');
    notifier.notification('error', '项目不存在或已下架');
    now += 2999;
    notifier.notification('error', '项目不存在或已下架');
    expect(recorder.entries).toEqual([{ via: 'notification', kind: 'error', text: '项目不存在或已下架' }]);
    now += 1;
    notifier.notification('error', '项目不存在或已下架');
    expect(recorder.entries).toHaveLength(2);
  });

  it('keeps apart different texts, kinds and channels, and passes the duration on', () => {
    const recorder = createRecordingNotifier();
    const notifier = withoutRepeats(recorder, { now: () => 0 });
    notifier.message('error', '后端接口连接异常', 5000);
    notifier.message('error', '后端接口连接异常', 5000);
    notifier.message('warning', '后端接口连接异常');
    notifier.notification('error', '后端接口连接异常');
    notifier.message('error', '系统接口请求超时', 5000);
    expect(recorder.entries).toEqual([
      { via: 'message', kind: 'error', text: '后端接口连接异常', durationMs: 5000 },
      { via: 'message', kind: 'warning', text: '后端接口连接异常' },
      { via: 'notification', kind: 'error', text: '后端接口连接异常' },
      { via: 'message', kind: 'error', text: '系统接口请求超时', durationMs: 5000 },
    ]);
  });
});
