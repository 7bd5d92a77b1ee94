/**
 * The example workflows, with the local addresses they carry pointed at this run's sandbox and n8n.
 */
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from 'fs';
import { join } from 'path';

import { EXAMPLES_DIR, N8N_HOST, N8N_PORT, SANDBOX_PORT } from './paths';

export interface ExampleWorkflow {
	id: string;
	name: string;
	file: string;
	/** Whether it has a Pay Trigger (and so is published, to listen for callbacks). */
	hasTrigger: boolean;
	/**
	 * Whether it starts with the Pay Money Received Trigger, which checks the transfer list every
	 * minute once published: `npm start` publishes it; the end-to-end tests only where they use it,
	 * since its checks are requests the others would count.
	 */
	polls: boolean;
	/**
	 * Whether it starts on a schedule (the ledger sweep, the daily report): `npm start` publishes
	 * it; the end-to-end tests run it through n8n's REST API instead, since its reads on the clock
	 * are requests the other tests would count.
	 */
	scheduled: boolean;
	/** Whether it has a manual start (and so can run with `n8n execute`). */
	executable: boolean;
	/**
	 * The path of its Webhook start, if any: such an example waits inside its execution (Create and
	 * Wait for Payment, Withdraw and Wait), which `n8n execute` cannot follow, so it is published and
	 * started with a POST to `/webhook/<path>`.
	 */
	webhookPath?: string;
}

/** Copies the examples into `targetDir`, replacing the default local addresses, and lists them. */
export function prepareExamples(
	targetDir: string,
	sandboxBaseUrl: string,
	n8nBaseUrl: string,
): ExampleWorkflow[] {
	mkdirSync(targetDir, { recursive: true });
	return readdirSync(EXAMPLES_DIR)
		.filter((name) => name.endsWith('.json'))
		.map((name) => {
			const text = withLocalAddresses(
				readFileSync(join(EXAMPLES_DIR, name), 'utf8'),
				sandboxBaseUrl,
				n8nBaseUrl,
			);
			const file = join(targetDir, name);
			writeFileSync(file, text);
			const workflow = JSON.parse(text) as {
				id: string;
				name: string;
				nodes: Array<{ type: string; parameters?: { path?: string } }>;
			};
			const webhook = workflow.nodes.find((node) => node.type === 'n8n-nodes-base.webhook');
			return {
				id: workflow.id,
				name: workflow.name,
				file,
				hasTrigger: workflow.nodes.some((node) => node.type.endsWith('.payTrigger')),
				polls: workflow.nodes.some((node) => node.type.endsWith('.payMoneyReceivedTrigger')),
				scheduled: workflow.nodes.some((node) => node.type === 'n8n-nodes-base.scheduleTrigger'),
				executable: workflow.nodes.some((node) => node.type === 'n8n-nodes-base.manualTrigger'),
				webhookPath: webhook?.parameters?.path,
			};
		});
}

/**
 * A workflow's text with the default local addresses (sandbox on 4010, n8n on
 * 5678) replaced by these.
 */
export function withLocalAddresses(
	text: string,
	sandboxBaseUrl: string,
	n8nBaseUrl: string,
): string {
	return text
		.split(`http://${N8N_HOST}:${SANDBOX_PORT}`)
		.join(sandboxBaseUrl)
		.split(`http://${N8N_HOST}:${N8N_PORT}`)
		.join(n8nBaseUrl.replace(/\/$/, ''));
}
