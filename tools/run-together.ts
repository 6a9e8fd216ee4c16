/**
 * `node tools/run-together.ts unit:test:unit e2e:test:e2e`: runs npm scripts at the same time,
 * each line of their output prefixed with its name, and fails when any of them fails.
 *
 * `npm test` runs the unit tests beside the journeys: the unit tests wait on databases,
 * processing children and timers for about a third of their time (measured on CI's two
 * cores), and the journeys' browser takes that time instead of waiting for them to end.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

interface Task {
  label: string;
  script: string;
}

function parseTask(argument: string): Task {
  const separator = argument.indexOf(':');
  if (separator <= 0) throw new Error(`Expected label:npm-script, got ${argument}`);
  return { label: argument.slice(0, separator), script: argument.slice(separator + 1) };
}

function run(task: Task, width: number): Promise<number> {
  const child = spawn('npm', ['run', '--silent', task.script], {
    stdio: ['ignore', 'pipe', 'pipe'],
    // Colours would only interleave their codes with the other task's lines.
    env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' },
  });
  const prefix = `[${task.label}]`.padEnd(width + 3);
  for (const [stream, target] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    const lines = createInterface({ input: stream, crlfDelay: Infinity });
    lines.on('line', (line) => target.write(`${prefix}${line}\n`));
  }
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      const outcome = code === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`;
      process.stdout.write(`${prefix}${task.script} ${outcome}\n`);
      resolve(code ?? 1);
    });
  });
}

const tasks = process.argv.slice(2).map(parseTask);
if (tasks.length === 0) throw new Error('Name at least one label:npm-script');
const width = Math.max(...tasks.map((task) => task.label.length));
const codes = await Promise.all(tasks.map((task) => run(task, width)));
process.exitCode = codes.every((code) => code === 0) ? 0 : 1;
