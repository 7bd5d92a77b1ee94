/**
 * Everything a queue-mode test runs against, started in order and stopped in reverse: the sandbox,
 * Redis, PostgreSQL, and n8n's main, webhook and worker processes with the test's workflows
 * imported and published. Ports: PAY_QUEUE_PORT (n8n, see n8nQueue.ts), PAY_QUEUE_REDIS_PORT and
 * PAY_QUEUE_POSTGRES_PORT; two tests using the same ports cannot run at once (the second one stops
 * at its first port in use).
 */
import { join } from 'path';

import { startSandbox } from '../../sandbox';
import type { Sandbox } from '../../sandbox';
import { RUNTIME_DIR } from '../../scripts/n8nRuntime/paths';
import { QUEUE_BASE_PORT, startQueueN8n } from './n8nQueue';
import type { QueueN8n, QueueN8nOptions } from './n8nQueue';
import { startPostgres } from './postgres';
import type { LocalPostgres } from './postgres';
import { startRedis } from './redis';
import type { LocalRedis } from './redis';
import { writeWorkflows } from './workflows';
import type { QueueWorkflow } from './workflows';

const REDIS_PORT = Number(process.env.PAY_QUEUE_REDIS_PORT ?? 6390);
const POSTGRES_PORT = Number(process.env.PAY_QUEUE_POSTGRES_PORT ?? 5442);

export interface QueueStack {
	sandbox: Sandbox;
	redis: LocalRedis;
	postgres: LocalPostgres;
	n8n: QueueN8n;
	stop(): Promise<void>;
}

export interface QueueStackOptions {
	workflows: QueueWorkflow[];
	/** Names n8n's and the workflows' folders under .n8n-runtime/ (the base port is added). */
	name: string;
	publicWebhooks?: QueueN8nOptions['publicWebhooks'];
	log: (line: string) => void;
}

export async function startQueueStack(options: QueueStackOptions): Promise<QueueStack> {
	const started = Date.now();
	const parts: Partial<QueueStack> = {};
	const stop = async () => {
		await parts.n8n?.stop();
		await parts.postgres?.stop();
		await parts.redis?.stop();
		await parts.sandbox?.close();
	};
	try {
		parts.sandbox = await startSandbox({ port: 0 });
		parts.redis = await startRedis(REDIS_PORT, options.log);
		parts.postgres = await startPostgres(POSTGRES_PORT, options.log);
		const workflowFolder = join(RUNTIME_DIR, `${options.name}-workflows-${QUEUE_BASE_PORT}`);
		writeWorkflows(workflowFolder, options.workflows);
		parts.n8n = await startQueueN8n({
			sandbox: parts.sandbox,
			postgres: parts.postgres,
			redis: parts.redis,
			workflowFolder,
			workflowIds: options.workflows.map((workflow) => workflow.id),
			folder: `${options.name}-${QUEUE_BASE_PORT}`,
			publicWebhooks: options.publicWebhooks,
			log: options.log,
		});
	} catch (error) {
		await stop();
		throw error;
	}
	options.log(`Queue mode up in ${Math.round((Date.now() - started) / 1000)} s`);
	return { ...(parts as Omit<QueueStack, 'stop'>), stop };
}
