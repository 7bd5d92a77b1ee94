/**
 * The usual life of the sandbox in a workflow test file: started before the first test on a free
 * port, in the profile the jest project runs (profileUnderTest), reset before every test, closed
 * after the last one together with n8n's engine.
 */
import { startSandbox } from '../../sandbox';
import type { Sandbox } from '../../sandbox';
import { shutDownEngine } from './runWorkflow';
import { profileUnderTest } from './sandboxProfile';

export function useSandboxPerFile(onStarted: (sandbox: Sandbox) => void): void {
	let started: Sandbox | undefined;
	beforeAll(async () => {
		started = await startSandbox({ port: 0, profile: profileUnderTest() });
		onStarted(started);
	});
	afterAll(async () => {
		await started?.close();
		shutDownEngine();
	});
	beforeEach(async () => await started?.control.reset());
}
