import type { IExecuteFunctions } from 'n8n-workflow';

import { readParameter } from '../../execution/readParameter';
import { isPromptRow, readBankCatalog } from '../../helpers/banks';
import { readYesNo } from '../../helpers/fieldInput';
import { fromVersion2 } from '../../helpers/nodeVersions';
import { readListLimit, returnAllProperties } from '../sharedFields';
import type { OperationEnvironment, PayOperation } from '../types';

/**
 * n8n's "Get Many" (the value stays `listBanks`, as saved workflows hold it); Return All and
 * Limit from version 2.
 */
export const listBanks: PayOperation = {
	value: 'listBanks',
	name: 'Get Many Banks',
	description: 'Get the banks of the PSE bank debit, one item per bank',
	action: 'Get many PSE banks',
	safeToRunTogether: true,
	properties: [
		...returnAllProperties.map(fromVersion2),
		{
			displayName: 'Include Prompt Row',
			name: 'includePromptRow',
			type: 'boolean',
			default: false,
			description:
				'Whether to keep the catalog\'s "select your bank" row (code 0), which is not a bank',
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number, env: OperationEnvironment) {
		const includePrompt = readYesNo(
			env.node,
			itemIndex,
			'Include Prompt Row',
			readParameter(this, env, 'includePromptRow', itemIndex, false),
		);
		// Version 1 has no Return All / Limit: every bank, as it always had.
		const limit = env.node.typeVersion < 2 ? Infinity : readListLimit(this, env, itemIndex);
		const answer = await env.request({
			method: 'GET',
			path: '/get_banks/1/',
			safety: 'read',
			action: 'reading the bank list',
			itemIndex,
		});
		return readBankCatalog(answer)
			.filter((bank) => includePrompt || !isPromptRow(bank))
			.slice(0, limit)
			.map((bank) => ({ ...bank.raw, bank_code: bank.code, bank_name: bank.name }));
	},
};
