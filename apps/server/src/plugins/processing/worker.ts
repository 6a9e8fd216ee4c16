import { extractPdfText, inspectPdf } from './pdf-reading.ts';
import {
  ProcessingError,
  type TaskMap,
  type TaskName,
  type TaskRequest,
  type TaskResponse,
} from './tasks.ts';

/**
 * The entry point of a processing child (see pool.ts): answers one task at a time over IPC.
 * Anything that breaks a limit the child can see is answered as a failure; the pool kills the
 * child for the limits it cannot see itself (memory, time).
 */

const taskNames: ReadonlySet<string> = new Set<TaskName>(['pdf.inspect', 'pdf.extract']);

function run(request: TaskRequest): Promise<TaskMap[TaskName]['output']> {
  switch (request.task) {
    case 'pdf.inspect':
      return inspectPdf(request.input.bytes, request.input.limits);
    case 'pdf.extract':
      return extractPdfText(request.input.bytes, request.input.limits);
  }
}

function isRequest(message: unknown): message is TaskRequest {
  return (
    typeof message === 'object' &&
    message !== null &&
    'id' in message &&
    'task' in message &&
    typeof message.task === 'string' &&
    taskNames.has(message.task)
  );
}

async function answer(request: TaskRequest): Promise<TaskResponse> {
  try {
    return { id: request.id, ok: true, output: await run(request) };
  } catch (error) {
    if (error instanceof ProcessingError) {
      return { id: request.id, ok: false, reason: error.reason, message: error.message };
    }
    const message = error instanceof Error ? error.message : String(error);
    return { id: request.id, ok: false, reason: 'unreadable', message };
  }
}

process.on('message', (message: unknown) => {
  if (!isRequest(message)) return;
  void answer(message).then((response) => process.send?.(response));
});
// The parent is gone (it exited, or closed the pool): nothing is left to answer.
process.on('disconnect', () => process.exit(0));
