/**
 * The usual life of the sandbox in a test file: started before the first test on a free port, reset
 * before every test, closed after the last one together with n8n's engine.
 */
import { startSandbox } from '../../sandbox';
import type { Sandbox } from '../../sandbox';
import { shutDownEngine } from './runWorkflow';

export function useSandboxPerFile(onStarted: (sandbox: Sandbox) => void): void {
	let started: Sandbox | undefined;
	beforeAll(async () => {
		started = await startSandbox({ port: 0 });
		onStarted(started);
	});
	afterAll(async () => {
		await started?.close();
		shutDownEngine();
	});
	beforeEach(async () => await started?.control.reset());
}
