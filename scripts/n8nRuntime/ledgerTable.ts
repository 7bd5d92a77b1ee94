/**
 * The "Pay ledger" Data Table that the ledger examples write to, created through n8n's REST API (as
 * the editor's "Create data table" does) in the owner's personal project, where imported workflows
 * live. n8n 2.41 opens Data Tables to its own Data table node only, so the ledger is the user's:
 * the table here, the rows written by the examples' Data table nodes.
 */
import { LOCAL_OWNER } from './owner';

export const LEDGER_TABLE_NAME = 'Pay ledger';

/**
 * One row per payment link. `state`: open, paid, not_paid, expired, refunded; `marked_by`: what
 * last changed it (callback, wait, sweep). The money columns are the Pay node's accounting fields.
 */
export const LEDGER_COLUMNS = [
	{ name: 'invoice', type: 'string' },
	{ name: 'slug', type: 'string' },
	{ name: 'amount', type: 'number' },
	{ name: 'state', type: 'string' },
	{ name: 'gross_amount', type: 'number' },
	{ name: 'fee_amount', type: 'number' },
	{ name: 'iva_amount', type: 'number' },
	{ name: 'net_amount', type: 'number' },
	{ name: 'currency', type: 'string' },
	{ name: 'paid_at', type: 'date' },
	{ name: 'payment_method', type: 'string' },
	{ name: 'payer_name', type: 'string' },
	{ name: 'payer_email', type: 'string' },
	{ name: 'payer_id', type: 'string' },
	{ name: 'description', type: 'string' },
	{ name: 'marked_by', type: 'string' },
] as const;

export interface LedgerTable {
	id: string;
	projectId: string;
	created: boolean;
}

/** Creates the ledger table unless the owner's project has it already (a later start). */
export async function ensureLedgerTable(baseUrl: string): Promise<LedgerTable> {
	const cookie = await ownerCookie(baseUrl);
	const project = await restJson<{ id: string }>(baseUrl, cookie, 'GET', '/rest/projects/personal');
	const tables = `/rest/projects/${project.id}/data-tables`;
	const filter = encodeURIComponent(JSON.stringify({ name: LEDGER_TABLE_NAME }));
	const existing = await restJson<{ data: Array<{ id: string; name: string }> }>(
		baseUrl,
		cookie,
		'GET',
		`${tables}?filter=${filter}`,
	);
	// n8n's name filter matches a part of the name: only the same name is the ledger.
	const same = existing.data.find((table) => table.name === LEDGER_TABLE_NAME);
	if (same) return { id: same.id, projectId: project.id, created: false };
	const created = await restJson<{ id: string }>(baseUrl, cookie, 'POST', tables, {
		name: LEDGER_TABLE_NAME,
		columns: LEDGER_COLUMNS,
	});
	return { id: created.id, projectId: project.id, created: true };
}

async function ownerCookie(baseUrl: string): Promise<string> {
	const response = await fetch(`${baseUrl}/rest/login`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ emailOrLdapLoginId: LOCAL_OWNER.email, password: LOCAL_OWNER.password }),
	});
	await response.arrayBuffer();
	if (!response.ok) throw new Error(`Logging in to n8n failed (HTTP ${response.status})`);
	return (response.headers.get('set-cookie') ?? '').split(';')[0];
}

async function restJson<T>(
	baseUrl: string,
	cookie: string,
	method: string,
	path: string,
	body?: unknown,
): Promise<T> {
	const response = await fetch(`${baseUrl}${path}`, {
		method,
		headers: { cookie, 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await response.text();
	if (!response.ok)
		throw new Error(`n8n ${method} ${path}: HTTP ${response.status} ${text.slice(0, 300)}`);
	return (JSON.parse(text) as { data: T }).data;
}
