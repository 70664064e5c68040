import { ScanLine } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '../../components/Button';
import { Dialog, DialogClose } from '../../components/Dialog';
import { FileField } from '../../components/TextField';
import { cameraErrorOf, cameraUnavailable, type CameraError } from './camera-errors';
import { decodeQrImage, readAddressQr } from './read-qr';
import styles from './QrScanDialog.module.css';

type CameraState = 'starting' | 'scanning' | CameraError;

/** Frames are read at most this often: enough to feel instant, light on a phone's CPU. */
const SCAN_INTERVAL_MS = 150;
/** Frames are scaled down to this width before decoding (QR codes need far less). */
const SCAN_WIDTH = 640;

function pixelsOf(
  source: CanvasImageSource,
  width: number,
  height: number,
  canvas: HTMLCanvasElement,
): ImageData | null {
  const scale = Math.min(1, SCAN_WIDTH / width);
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  return context.getImageData(0, 0, canvas.width, canvas.height);
}

/**
 * The QR scanner of the recipient field (views.md §4.3 D3). The camera is asked for only when
 * the user opens the dialog (a click, so the browser's prompt is tied to a gesture) and is
 * released as soon as it closes. Where the camera is refused or missing, a photo of the code
 * can be read instead, or the address typed or pasted.
 */
export function QrScanDialog({ onAddress }: { onAddress(address: string): void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [camera, setCamera] = useState<CameraState>('starting');
  const [problem, setProblem] = useState<'incorrectQR' | 'noCodeInPhoto' | null>(null);
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const onAddressRef = useRef(onAddress);
  onAddressRef.current = onAddress;

  const accept = (text: string): boolean => {
    const reading = readAddressQr(text);
    if ('error' in reading) {
      setProblem('incorrectQR');
      return false;
    }
    setOpen(false);
    onAddressRef.current(reading.address);
    return true;
  };
  const acceptRef = useRef(accept);
  acceptRef.current = accept;

  useEffect(() => {
    if (!open) return undefined;
    setProblem(null);
    const unavailable = cameraUnavailable({
      isSecureContext: window.isSecureContext,
      hasGetUserMedia: typeof navigator.mediaDevices?.getUserMedia === 'function',
    });
    if (unavailable) {
      setCamera(unavailable);
      return undefined;
    }
    setCamera('starting');
    let stream: MediaStream | null = null;
    let frame = 0;
    let last = 0;
    let stopped = false;
    const scan = (time: number) => {
      if (stopped) return;
      frame = requestAnimationFrame(scan);
      const video = videoRef.current;
      const canvas = canvasRef.current;
      if (time - last < SCAN_INTERVAL_MS || !video || !canvas || video.readyState < 2) return;
      last = time;
      const pixels = pixelsOf(video, video.videoWidth, video.videoHeight, canvas);
      const text = pixels && decodeQrImage(pixels);
      if (text && acceptRef.current(text)) stopped = true;
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (media) => {
        stream = media;
        if (stopped) return;
        const video = videoRef.current;
        if (!video) return;
        video.srcObject = media;
        await video.play();
        setCamera('scanning');
        frame = requestAnimationFrame(scan);
      })
      .catch((error: unknown) => {
        if (!stopped) setCamera(cameraErrorOf(error));
      });
    return () => {
      stopped = true;
      cancelAnimationFrame(frame);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [open]);

  const readPhoto = async (file: File | null) => {
    if (!file || !canvasRef.current) return;
    setProblem(null);
    try {
      const bitmap = await createImageBitmap(file);
      const pixels = pixelsOf(bitmap, bitmap.width, bitmap.height, canvasRef.current);
      bitmap.close();
      const text = pixels && decodeQrImage(pixels);
      if (!text) setProblem('noCodeInPhoto');
      else accept(text);
    } catch {
      setProblem('noCodeInPhoto');
    }
  };

  const cameraError = camera !== 'starting' && camera !== 'scanning' ? camera : null;
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={t('transferExtras.qr.title')}
      description={t('transferExtras.qr.description')}
      trigger={
        <Button size="sm" icon={<ScanLine aria-hidden="true" />}>
          {t('transferExtras.qr.scan')}
        </Button>
      }
      footer={
        <DialogClose>
          <Button variant="ghost">{t('transferExtras.qr.typeInstead')}</Button>
        </DialogClose>
      }
    >
      <div className={styles.scanner}>
        {!cameraError && (
          <video
            ref={videoRef}
            className={styles.video}
            muted
            playsInline
            aria-label={t('transferExtras.qr.cameraView')}
            data-testid="qr-video"
          />
        )}
        <canvas ref={canvasRef} hidden />
        <p role="status" className={styles.status} data-testid="qr-status">
          {cameraError
            ? t(`transferExtras.qr.error.${cameraError}`)
            : t(`transferExtras.qr.${camera}`)}
        </p>
        {problem && (
          <p role="alert" className={styles.problem}>
            {t(`transferExtras.qr.${problem}`)}
          </p>
        )}
        <FileField
          label={t('transferExtras.qr.fromPhoto')}
          accept="image/*"
          onFile={(file) => void readPhoto(file)}
        />
      </div>
    </Dialog>
  );
}
