/** The ledger's rows as n8n's database holds them, read through its REST API. */
import type { LedgerTable } from '../../scripts/n8nRuntime/ledgerTable';

export interface LedgerRow {
	id: number;
	invoice: string | null;
	slug: string;
	amount: number;
	state: string;
	gross_amount: number | null;
	fee_amount: number | null;
	iva_amount: number | null;
	net_amount: number | null;
	currency: string | null;
	paid_at: string | null;
	payment_method: string | null;
	marked_by: string | null;
	updatedAt: string;
	[column: string]: unknown;
}

export async function ledgerRows(
	baseUrl: string,
	cookie: string,
	ledger: LedgerTable | undefined,
): Promise<LedgerRow[]> {
	if (!ledger) throw new Error('the ledger table was not created');
	const path = `/rest/projects/${ledger.projectId}/data-tables/${ledger.id}/rows?take=250`;
	const response = await fetch(`${baseUrl}${path}`, { headers: { cookie } });
	if (!response.ok)
		throw new Error(`ledger rows: HTTP ${response.status} ${await response.text()}`);
	const rows = ((await response.json()) as { data: { data: LedgerRow[] } }).data.data;
	return rows.sort((a, b) => a.id - b.id);
}

/** The row of one payment link. */
export function rowOf(rows: LedgerRow[], slug: string): LedgerRow {
	const row = rows.find((candidate) => candidate.slug === slug);
	if (!row) throw new Error(`no ledger row for ${slug}`);
	return row;
}
