/**
 * In a real n8n: 200 payment callbacks through a Pay Trigger workflow (secret checked, payment
 * verified with the API) versus the same posts to n8n's own Webhook node; median latency ratio.
 */
import { writeFileSync } from 'fs';
import { join } from 'path';

import type { SandboxEndpoint } from '../sandbox';
import { importWorkflow, publishWorkflow } from '../scripts/n8nRuntime/n8nCli';
import { createPayment, login } from '../test/sandbox/apiClient';
import { E2E_CALLBACK_SECRET, prepareLocalN8n } from '../test/e2e/localN8n';
import { median } from './measure';
import type { BenchmarkResult } from './measure';

const COUNT = 200;
const PORT = 5698;

function singleNodeWorkflow(id: string, node: Record<string, unknown>) {
	return {
		id,
		name: id,
		active: false,
		nodes: [{ id: `${id}-node`, name: 'Callback', position: [0, 0], ...node }],
		connections: {},
		settings: {},
	};
}

export async function benchmarkTriggerLatency(sandbox: SandboxEndpoint): Promise<BenchmarkResult> {
	const n8n = await prepareLocalN8n(sandbox, { folder: 'bench', port: PORT });
	const workflows = [
		singleNodeWorkflow('benchPlainWebhook', {
			type: 'n8n-nodes-base.webhook',
			typeVersion: 2,
			webhookId: 'bench-plain',
			parameters: {
				httpMethod: 'POST',
				path: 'bench-plain',
				responseMode: 'onReceived',
				options: {},
			},
		}),
		singleNodeWorkflow('benchPayTrigger', {
			type: 'n8n-nodes-pay.payTrigger',
			typeVersion: 1,
			webhookId: 'bench-pay',
			parameters: {
				events: ['paymentPaid', 'paymentOther', 'withdrawal'],
				options: { repeatWindowMinutes: 0 },
			},
			credentials: { payApi: { id: 'paySandboxCredential', name: 'Pay sandbox' } },
		}),
	];
	for (const workflow of workflows) {
		const file = join(n8n.instance.userFolder, `${workflow.id}.json`);
		writeFileSync(file, JSON.stringify(workflow));
		await importWorkflow(n8n.instance, file);
		await publishWorkflow(n8n.instance, workflow.id);
	}
	await n8n.start();
	try {
		const client = await login(sandbox);
		const payment = await createPayment(client);
		await sandbox.control.pay(payment.url as string);
		const body = JSON.stringify({
			payed: true,
			url: payment.url,
			state: 3,
			amount: '50000.00',
			payment_method: 'pse',
		});
		const post = async (url: string) => {
			const started = process.hrtime.bigint();
			const response = await fetch(url, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body,
			});
			await response.text();
			if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
			return Number(process.hrtime.bigint() - started) / 1e6;
		};
		const plainUrl = `${n8n.baseUrl}/webhook/bench-plain`;
		const payUrl = `${n8n.baseUrl}/webhook/bench-pay/pay?token=${E2E_CALLBACK_SECRET}`;
		for (let warm = 0; warm < 20; warm++) {
			await post(plainUrl);
			await post(payUrl);
		}
		const plain: number[] = [];
		const pay: number[] = [];
		// Interleaved, so both see the same machine load.
		for (let index = 0; index < COUNT; index++) {
			plain.push(await post(plainUrl));
			pay.push(await post(payUrl));
		}
		const ratio = median(pay) / median(plain);
		return {
			name: 'Trigger (real n8n)',
			measured: `${COUNT} callbacks each: Pay Trigger median ${median(pay).toFixed(1)} ms (secret checked, payment re-read from the API) vs n8n Webhook node ${median(plain).toFixed(1)} ms`,
			figure: `${ratio.toFixed(2)}×`,
			target: '≤ 1.3×',
			met: ratio <= 1.3,
		};
	} finally {
		await n8n.stop();
	}
}
