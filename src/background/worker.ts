/**
 * The engine's dedicated Web Worker, started by the page that won the election where there is
 * no SharedWorker (see src/ui/bridge/connect-engine.ts). It serves every page of the origin
 * over the broadcast channel and ends with its page; the next page in the election's queue
 * then starts another, which takes over from storage. Keys and vault contents stay here.
 */
import { startBrowserEngineHost } from './browser-engine';

startBrowserEngineHost();
