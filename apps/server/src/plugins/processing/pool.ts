import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { setPriority } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  ProcessingError,
  type FailureReason,
  type TaskCall,
  type TaskRequest,
  type TaskResponse,
} from './tasks.ts';
import { createFairQueue } from './fair-queue.ts';

/**
 * A pool of child processes that open untrusted documents (DESIGN §4). A child, not a worker
 * thread: whatever a hostile file makes the reader allocate (array buffers included, which a
 * worker's `resourceLimits` do not cap) lives in another process, and killing it costs the
 * web process nothing. Each child runs one task at a time under three limits the child cannot
 * lift: a V8 heap cap, a resident-memory cap watched from here, and a time limit.
 *
 * The time limit counts the processor time the child used, read from /proc with its memory,
 * not the time on the clock: a child runs at a lower priority, and on a busy machine (a
 * hundred users uploading, CI's two shared cores) it may wait for the processor far longer
 * than it works. A document that needs more work than the limit is stopped however busy the
 * machine is; one that waited is not. A child that neither works nor answers is stopped by the
 * clock at a multiple of the limit; where /proc cannot be read, the clock is the limit.
 */

const WORKER_PATH = path.join(import.meta.dirname, 'worker.ts');
/** Preloaded in each child and, by Node, in the worker threads it starts: no network. */
const OFFLINE_GUARD_URL = pathToFileURL(path.join(import.meta.dirname, 'offline-preload.ts')).href;
/** How often a busy child's resident memory is read; a bomb grows ~250 MB/s, so ~25 MB over. */
const MEMORY_WATCH_MS = 100;
/** Where processor time can be read, the clock stops a child only at this multiple of the limit. */
const WALL_CLOCK_FACTOR = 10;
/** Linux's clock ticks per second in /proc/<pid>/stat (USER_HZ, 100 on every architecture Node runs on). */
const CLOCK_TICKS_PER_SECOND = 100;
/** Children run at lower priority, so the web process keeps its CPU while one is busy. */
const DEFAULT_NICENESS = 10;
const DEFAULT_IDLE_MS = 60_000;
/**
 * A child that still holds more than this share of its memory cap after a task is replaced
 * before the next one: memory a reader grew to (OCR's WebAssembly heap, the allocator's
 * fragments after a large page) is never given back, and the next document would start
 * close to the cap.
 */
const RETIRE_SHARE = 0.6;

/** Node's options for a child: its heap cap, and no network for it or its threads. */
export function childExecArgv(heapMb: number): string[] {
  return [`--max-old-space-size=${heapMb}`, '--import', OFFLINE_GUARD_URL];
}

export interface PoolLogger {
  warn(details: object, message: string): void;
}

export interface ProcessingPoolOptions {
  /** Shown in logs: which pool a child belonged to. */
  name: string;
  /** Children, and so tasks at once. */
  size: number;
  /** Resident memory a child may use before it is killed. */
  memoryMb: number;
  /** Processor time a task may use before its child is killed (see the file's comment). */
  timeoutMs: number;
  /** An idle child exits after this long and is started again on demand. */
  idleMs?: number;
  /**
   * The children's niceness (10 unless given; at most 19): a lane whose work nobody waits
   * for urgently yields the CPU to the others.
   */
  niceness?: number;
  log: PoolLogger;
}

export interface RunOptions {
  /**
   * Tasks of one key (an account, a provider) take turns with other keys' tasks: one
   * account's ten imports never starve another account's one. Tasks without a key share one.
   */
  fairnessKey?: string;
}

/** The pool was closed with the task still queued or running; it may be tried again later. */
export class ProcessingPoolClosedError extends Error {
  constructor() {
    super('The document processing pool was closed.');
    this.name = 'ProcessingPoolClosedError';
  }
}

export interface ProcessingPool {
  /** Runs a task in a child; the output is checked by the caller (it crossed a process boundary). */
  run(call: TaskCall, options?: RunOptions): Promise<unknown>;
  close(): Promise<void>;
}

interface PendingTask {
  request: TaskRequest;
  resolve(output: unknown): void;
  reject(error: Error): void;
}

interface RunningTask extends PendingTask {
  timer: NodeJS.Timeout;
  watcher: NodeJS.Timeout;
  /** The child's processor time when the task started (a child runs many tasks), if known. */
  cpuAtStartMs: number | undefined;
  /** Set when this side killed the child, and why. */
  killedFor?: FailureReason;
}

interface Slot {
  child: ChildProcess | undefined;
  running: RunningTask | undefined;
  idleTimer: NodeJS.Timeout | undefined;
}

/** The processor time (user and system, all threads) a process has used, in milliseconds. */
async function processorMs(pid: number): Promise<number | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count from after its end.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? (ticks * 1000) / CLOCK_TICKS_PER_SECOND : undefined;
  } catch {
    return undefined;
  }
}

/** Whether this system tells a process's processor time (Linux's /proc). */
const measuresProcessor = existsSync(`/proc/${process.pid}/stat`);

async function residentMb(pid: number): Promise<number | undefined> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const match = /VmRSS:\s+(\d+)\s+kB/.exec(status);
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    // Not Linux, or the child is already gone: the heap cap and the time limit still hold.
    return undefined;
  }
}

function isResponse(message: unknown): message is TaskResponse {
  return (
    typeof message === 'object' &&
    message !== null &&
    'id' in message &&
    'ok' in message &&
    'residentMb' in message
  );
}

/** Sent once by a child when its readers are loaded (worker.ts). */
function isReady(message: unknown): boolean {
  return typeof message === 'object' && message !== null && 'ready' in message;
}

/** Why a child that nobody killed ended: V8 aborts when it reaches its heap cap. */
function reasonOfExit(code: number | null, signal: NodeJS.Signals | null): FailureReason {
  return signal === 'SIGABRT' || code === 134 ? 'memory' : 'crashed';
}

export function createProcessingPool(options: ProcessingPoolOptions): ProcessingPool {
  const { log, memoryMb, timeoutMs } = options;
  const idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
  // The heap is only part of a child's memory; the watcher enforces the whole.
  const heapMb = Math.max(64, Math.floor(memoryMb * 0.75));
  const slots: Slot[] = Array.from({ length: Math.max(1, options.size) }, () => ({
    child: undefined,
    running: undefined,
    idleTimer: undefined,
  }));
  const queue = createFairQueue<PendingTask>();
  let nextId = 1;
  let isClosed = false;

  function settle(slot: Slot, outcome: { output: unknown } | { error: Error }): void {
    const task = slot.running;
    if (!task) return;
    slot.running = undefined;
    clearTimeout(task.timer);
    clearInterval(task.watcher);
    if ('error' in outcome) task.reject(outcome.error);
    else task.resolve(outcome.output);
    if (slot.child) rest(slot, slot.child);
    pump();
  }

  function kill(slot: Slot, reason: FailureReason, details: object): void {
    const task = slot.running;
    if (!task || !slot.child) return;
    task.killedFor = reason;
    log.warn(
      { pool: options.name, task: task.request.task, reason, ...details },
      'processing child killed',
    );
    slot.child.kill('SIGKILL');
  }

  /** Takes the child out of service; the slot starts a fresh one for its next task. */
  function retire(slot: Slot, child: ChildProcess): void {
    if (slot.child !== child) return;
    slot.child = undefined;
    child.kill();
  }

  /** An idle child keeps nobody waiting: it does not hold the process open, and exits in time. */
  function rest(slot: Slot, child: ChildProcess): void {
    child.unref();
    child.channel?.unref();
    clearTimeout(slot.idleTimer);
    slot.idleTimer = setTimeout(() => {
      if (slot.running || slot.child !== child) return;
      slot.child = undefined;
      child.kill();
    }, idleMs);
    slot.idleTimer.unref();
  }

  function spawn(slot: Slot): ChildProcess {
    const child = fork(WORKER_PATH, [], {
      execArgv: childExecArgv(heapMb),
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      // A process that opens hostile files gets no secrets (database URL, API keys).
      env: { PATH: process.env.PATH ?? '' },
    });
    if (child.pid !== undefined) {
      try {
        setPriority(child.pid, options.niceness ?? DEFAULT_NICENESS);
      } catch {
        // Not permitted here: the child runs at normal priority.
      }
    }
    child.on('message', (message: unknown) => {
      if (isReady(message)) {
        startCountingProcessor(slot, child);
        return;
      }
      if (!isResponse(message) || slot.running?.request.id !== message.id) return;
      if (message.residentMb > memoryMb * RETIRE_SHARE) retire(slot, child);
      if (message.ok) settle(slot, { output: message.output });
      else settle(slot, { error: new ProcessingError(message.reason, message.message) });
    });
    child.on('exit', (code, signal) => {
      // A retired child ends after its task was answered; the slot may run another by now.
      if (slot.child !== child) return;
      slot.child = undefined;
      const task = slot.running;
      if (!task) return;
      const reason = task.killedFor ?? reasonOfExit(code, signal);
      const message =
        reason === 'timeout'
          ? `Reading the document took longer than ${Math.round(timeoutMs / 1000)} s.`
          : reason === 'memory'
            ? `Reading the document needed more than ${memoryMb} MB of memory.`
            : `The document reader stopped unexpectedly (${signal ?? `exit ${code}`}).`;
      settle(slot, {
        error: isClosed ? new ProcessingPoolClosedError() : new ProcessingError(reason, message),
      });
    });
    child.on('error', (error) => {
      if (slot.child !== child) return;
      slot.child = undefined;
      settle(slot, { error });
    });
    return child;
  }

  function start(slot: Slot, task: PendingTask): void {
    clearTimeout(slot.idleTimer);
    const isNew = slot.child === undefined;
    const child = slot.child ?? spawn(slot);
    slot.child = child;
    child.ref();
    child.channel?.ref();
    const wallClockMs = measuresProcessor ? timeoutMs * WALL_CLOCK_FACTOR : timeoutMs;
    const running: RunningTask = {
      ...task,
      cpuAtStartMs: undefined,
      timer: setTimeout(() => kill(slot, 'timeout', { timeoutMs, wallClockMs }), wallClockMs),
      watcher: setInterval(() => {
        if (child.pid === undefined) return;
        void residentMb(child.pid).then((mb) => {
          if (mb !== undefined && mb > memoryMb && slot.running === running) {
            kill(slot, 'memory', { residentMb: Math.round(mb), memoryMb });
          }
        });
        if (measuresProcessor) void watchProcessor(slot, running, child.pid);
      }, MEMORY_WATCH_MS),
    };
    slot.running = running;
    // A new child's start-up and a reused child's earlier tasks do not count.
    if (!isNew) startCountingProcessor(slot, child);
    child.send(task.request, (error) => {
      if (error && slot.running === running) settle(slot, { error });
    });
  }

  function startCountingProcessor(slot: Slot, child: ChildProcess): void {
    const running = slot.running;
    if (!measuresProcessor || !running || child.pid === undefined) return;
    void processorMs(child.pid).then((ms) => {
      if (slot.running === running) running.cpuAtStartMs = ms ?? 0;
    });
  }

  async function watchProcessor(slot: Slot, running: RunningTask, pid: number): Promise<void> {
    const ms = await processorMs(pid);
    if (ms === undefined || running.cpuAtStartMs === undefined || slot.running !== running) return;
    const usedMs = ms - running.cpuAtStartMs;
    if (usedMs > timeoutMs) kill(slot, 'timeout', { timeoutMs, processorMs: Math.round(usedMs) });
  }

  function pump(): void {
    for (const slot of slots) {
      if (isClosed) return;
      const task = slot.running ? undefined : queue.take();
      if (task) start(slot, task);
    }
  }

  return {
    run(call, runOptions = {}) {
      if (isClosed) return Promise.reject(new ProcessingPoolClosedError());
      return new Promise((resolve, reject) => {
        const task = { request: { ...call, id: nextId++ }, resolve, reject };
        queue.push(runOptions.fairnessKey, task);
        pump();
      });
    },

    async close() {
      isClosed = true;
      for (const task of queue.drain()) task.reject(new ProcessingPoolClosedError());
      const exits = slots.map((slot) => {
        clearTimeout(slot.idleTimer);
        const { child } = slot;
        if (!child || child.exitCode !== null) return Promise.resolve();
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        // An idle child no longer holds the process open; its exit must still be awaited.
        child.ref();
        child.kill('SIGKILL');
        return exited;
      });
      await Promise.all(exits);
    },
  };
}
