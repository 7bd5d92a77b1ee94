/**
 * Everything a queue-mode test runs against, started in order and stopped in reverse: the sandbox,
 * Redis, PostgreSQL, and n8n's main, webhook and worker processes with the test's workflows
 * imported and published. Ports: PAY_QUEUE_PORT (n8n, see n8nQueue.ts), PAY_QUEUE_REDIS_PORT and
 * PAY_QUEUE_POSTGRES_PORT; two tests using the same ports cannot run at once (the second one stops
 * at its first port in use). The queue-mode benchmark starts the same services against its own
 * sandbox, on its own ports (`startQueueServices`).
 */
import { join } from 'path';

import { startSandbox } from '../../sandbox';
import type { Sandbox, SandboxEndpoint } from '../../sandbox';
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

/** Redis, PostgreSQL and n8n's processes, without the sandbox they talk to. */
export interface QueueServices {
	redis: LocalRedis;
	postgres: LocalPostgres;
	n8n: QueueN8n;
	stop(): Promise<void>;
}

export interface QueueStack extends QueueServices {
	sandbox: Sandbox;
}

export interface QueueStackOptions {
	workflows: QueueWorkflow[];
	/** Names n8n's and the workflows' folders under .n8n-runtime/ (the base port is added). */
	name: string;
	publicWebhooks?: QueueN8nOptions['publicWebhooks'];
	/** n8n's base port, Redis's and PostgreSQL's: the environment's (above) unless set. */
	ports?: { n8n: number; redis: number; postgres: number };
	log: (line: string) => void;
}

export async function startQueueStack(options: QueueStackOptions): Promise<QueueStack> {
	const sandbox = await startSandbox({ port: 0 });
	try {
		const services = await startQueueServices(sandbox, options);
		const stop = async () => {
			await services.stop();
			await sandbox.close();
		};
		return { ...services, sandbox, stop };
	} catch (error) {
		await sandbox.close();
		throw error;
	}
}

/** Redis, PostgreSQL and n8n in queue mode, its credential pointing at `sandbox`. */
export async function startQueueServices(
	sandbox: SandboxEndpoint,
	options: QueueStackOptions,
): Promise<QueueServices> {
	const started = Date.now();
	const ports = options.ports ?? {
		n8n: QUEUE_BASE_PORT,
		redis: REDIS_PORT,
		postgres: POSTGRES_PORT,
	};
	const parts: Partial<QueueServices> = {};
	const stop = async () => {
		await parts.n8n?.stop();
		await parts.postgres?.stop();
		await parts.redis?.stop();
	};
	try {
		parts.redis = await startRedis(ports.redis, options.log);
		parts.postgres = await startPostgres(ports.postgres, options.log);
		const workflowFolder = join(RUNTIME_DIR, `${options.name}-workflows-${ports.n8n}`);
		writeWorkflows(workflowFolder, options.workflows);
		parts.n8n = await startQueueN8n({
			sandbox,
			postgres: parts.postgres,
			redis: parts.redis,
			workflowFolder,
			workflowIds: options.workflows.map((workflow) => workflow.id),
			folder: `${options.name}-${ports.n8n}`,
			publicWebhooks: options.publicWebhooks,
			basePort: ports.n8n,
			log: options.log,
		});
	} catch (error) {
		await stop();
		throw error;
	}
	options.log(`Queue mode up in ${Math.round((Date.now() - started) / 1000)} s`);
	return { ...(parts as Omit<QueueServices, 'stop'>), stop };
}
