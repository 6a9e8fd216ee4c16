import { installOfflineGuard } from './offline-guard.ts';

/** Preloaded (`--import`) into each processing child and its worker threads: see the guard. */
installOfflineGuard();
