import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { isPromptRow, readBankCatalog } from '../helpers/banks';
import { payApiRequest } from '../../shared/transport';

/**
 * The bank list of the PSE checkout, loaded live from the service, filtered by what the user types.
 */
export async function searchBanks(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const answer = await payApiRequest.call(this, {
		method: 'GET',
		path: '/get_banks/1/',
		safety: 'read',
		action: 'loading the bank list',
	});
	const wanted = (filter ?? '').trim().toLowerCase();
	const results = readBankCatalog(answer)
		.filter((bank) => !isPromptRow(bank))
		.filter(
			(bank) =>
				wanted === '' || bank.name.toLowerCase().includes(wanted) || bank.code.includes(wanted),
		)
		.map((bank) => ({ name: bank.name, value: bank.code }));
	return { results };
}
