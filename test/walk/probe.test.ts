import type { Sandbox } from '../../sandbox';
import { runPayNode, shutDownEngine } from '../harness/runWorkflow';
import type { TestCredentialsHelper } from '../harness/credentialsHelper';
import { sandboxCredentials } from '../harness/sandboxCredentials';
import { useSandboxPerFile } from '../harness/sandboxPerFile';
import { TRANSFER_FROM_ITEMS } from '../harness/parameters';
import { filesEnteredToTheWire } from '../harness/walkToTheWire';

let sandbox: Sandbox;
useSandboxPerFile((s) => (sandbox = s));
afterAll(shutDownEngine);

it('walk', async () => {
	let helper: TestCredentialsHelper | undefined;
	const run = async (n: number) => { const r = await runPayNode({ parameters: TRANSFER_FROM_ITEMS as never, input: [{ to: 'friend', amount: 1000 + n }], credentials: sandboxCredentials(sandbox), credentialsHelper: helper, workflowId: 'walk-' + n }); helper = r.credentials; return r; };
	await run(1);
	await run(2);
	const files = await filesEnteredToTheWire(() => run(3), (r) => r.method === 'POST' && r.path.endsWith('/send/'));
	console.log(files.length, files.join('\n'));
});
