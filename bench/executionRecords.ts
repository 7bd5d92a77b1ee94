/**
 * A running n8n's executions read straight from its SQLite database (the user folder's
 * `.n8n/database.sqlite`), with Node's own `node:sqlite` (Node 22.13+; the benchmarks run on the
 * Node 24 of the dev dependencies): n8n's REST API pages 100 executions at a time and would itself
 * load the n8n being measured.
 */
import { join } from 'path';

interface Statement {
	get(...parameters: unknown[]): Record<string, unknown> | undefined;
	all(...parameters: unknown[]): Array<Record<string, unknown>>;
}
interface Database {
	prepare(sql: string): Statement;
	close(): void;
}

/** What a finished execution's start node put out, per execution. */
export interface FinishedExecution {
	id: string;
	status: string;
	/** The first item of the start node's output. */
	firstItem: Record<string, unknown> | undefined;
}

/**
 * One run of a node: when it started (ms since the epoch, n8n's clock), how
 * long it took, its output.
 */
export interface NodeRunRecord {
	startTime: number;
	executionTime: number;
	data?: { main?: Array<Array<{ json: Record<string, unknown> }>> };
}

export class ExecutionRecords {
	private readonly database: Database;

	constructor(userFolder: string) {
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const { DatabaseSync } = require('node:sqlite') as {
			DatabaseSync: new (file: string, options: { readOnly: boolean }) => Database;
		};
		this.database = new DatabaseSync(join(userFolder, '.n8n', 'database.sqlite'), {
			readOnly: true,
		});
	}

	/** Executions of the workflow that have ended (whatever their status). */
	finishedCount(workflowId: string): number {
		const row = this.database
			.prepare(
				"SELECT count(*) AS n FROM execution_entity WHERE workflowId = ? AND status NOT IN ('new', 'running', 'waiting')",
			)
			.get(workflowId);
		return Number(row?.n ?? 0);
	}

	/** Every ended execution of the workflow with its start node's first output item. */
	finished(workflowId: string, startNode: string, parse: (flatted: string) => unknown) {
		const rows = this.database
			.prepare(
				"SELECT e.id AS id, e.status AS status, d.data AS data FROM execution_entity e JOIN execution_data d ON d.executionId = e.id WHERE e.workflowId = ? AND e.status NOT IN ('new', 'running', 'waiting')",
			)
			.all(workflowId);
		return rows.map((row): FinishedExecution => {
			const data = parse(String(row.data)) as {
				resultData?: {
					runData?: Record<string, Array<{ data?: { main?: Array<Array<{ json: unknown }>> } }>>;
				};
			};
			const json = data.resultData?.runData?.[startNode]?.[0]?.data?.main?.[0]?.[0]?.json;
			return {
				id: String(row.id),
				status: String(row.status),
				firstItem: json as Record<string, unknown> | undefined,
			};
		});
	}

	/** Ids of the workflow's executions in `status` (e.g. 'waiting'), oldest first. */
	idsWith(workflowId: string, status: string): string[] {
		return this.database
			.prepare('SELECT id FROM execution_entity WHERE workflowId = ? AND status = ? ORDER BY id')
			.all(workflowId, status)
			.map((row) => String(row.id));
	}

	statusOf(executionId: string): string | undefined {
		const row = this.database
			.prepare('SELECT status FROM execution_entity WHERE id = ?')
			.get(executionId);
		return row === undefined ? undefined : String(row.status);
	}

	/** The execution's run data as n8n recorded it: each node's runs, with their start times. */
	runDataOf(
		executionId: string,
		parse: (flatted: string) => unknown,
	): Record<string, NodeRunRecord[]> {
		const row = this.database
			.prepare('SELECT data FROM execution_data WHERE executionId = ?')
			.get(executionId);
		if (row === undefined) throw new Error(`execution ${executionId} has no data`);
		const data = parse(String(row.data)) as {
			resultData?: { runData?: Record<string, NodeRunRecord[]> };
		};
		return data.resultData?.runData ?? {};
	}

	/** The workflow's static data as n8n last saved it (each node's under `node:<name>`). */
	staticDataOf(workflowId: string): Record<string, unknown> | undefined {
		const row = this.database
			.prepare('SELECT staticData FROM workflow_entity WHERE id = ?')
			.get(workflowId);
		if (row?.staticData === undefined || row.staticData === null) return undefined;
		return JSON.parse(String(row.staticData)) as Record<string, unknown>;
	}

	close(): void {
		this.database.close();
	}
}
