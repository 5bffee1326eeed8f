import { useActorRef, useSelector } from '@xstate/react';
import { useLayoutEffect, useMemo, useState } from 'react';
import { documentCameraMachine, type CameraNotice, type CameraPhoto, type DocumentCameraEvent } from '../../../machines/document-camera.js';

export type CameraPhase = 'disconnected' | 'connecting' | 'opening' | 'streaming' | 'capturing' | 'saved';

/**
 * Runs the document-camera machine for one dialog: its phase, the live frame, the device name, the photos taken and
 * the last notice. `send` clears the notice first, so a message is about the last thing done.
 */
export function useDocumentCamera(serviceUrl: string, onSave: (photos: CameraPhoto[]) => void) {
  const [notice, setNotice] = useState<CameraNotice | null>(null);
  const machine = useMemo(() => documentCameraMachine.provide({ actions: { notify: (_, n) => setNotice(n) } }), []);
  const actor = useActorRef(machine, { input: { url: serviceUrl } });
  const phase = useSelector(actor, (s): CameraPhase => {
    if (s.status === 'done') return 'saved';
    if (s.matches({ active: 'disconnected' })) return 'disconnected';
    if (s.matches({ active: { online: 'connecting' } })) return 'connecting';
    if (s.matches({ active: { online: { session: 'opening' } } })) return 'opening';
    if (s.matches({ active: { online: { session: 'capturing' } } })) return 'capturing';
    return 'streaming';
  });
  const frame = useSelector(actor, (s) => s.context.frame);
  const device = useSelector(actor, (s) => s.context.device);
  const photos = useSelector(actor, (s) => s.context.photos);

  const send = (event: DocumentCameraEvent) => {
    setNotice(null);
    actor.send(event);
  };

  // Connecting before the first paint: the dialog opens saying 正在连接高拍仪…, not 未连接 for a frame.
  useLayoutEffect(() => {
    const subscription = actor.on('saved', ({ photos: saved }) => onSave(saved));
    actor.send({ type: 'CONNECT' });
    return () => subscription.unsubscribe();
    // The actor lives as long as the dialog; onSave is read once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actor]);

  return { phase, frame, device, photos, notice, setNotice, send };
}
